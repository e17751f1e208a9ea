import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiToken, CreatedApiToken } from '../../../shared/api-tokens';
import { LoadingState } from '../../components/PageStates';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { StatusBadge } from '../../components/ui/status-badge';
import { apiErrorOf } from '../../lib/formErrors';
import { useGetApiTokensQuery, useRevokeApiTokenMutation } from './apiTokensApi';
import { CreateApiTokenForm } from './CreateApiTokenForm';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** The secret of the token just made, with the warning that it will not be shown again. */
function NewTokenSecret({ created, onDone }: { created: CreatedApiToken; onDone(): void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Token copied to the clipboard');
    } catch {
      toast.error('The token could not be copied: select it and copy it yourself.');
    }
  }
  return (
    <div className="grid gap-3" data-testid="api-token-secret">
      <Alert tone="success">
        “{created.token.name}” was created. Copy the token now: it will not be shown again.
      </Alert>
      <label htmlFor="api-token-secret-value" className="text-sm font-medium">
        Your new token
      </label>
      <input
        id="api-token-secret-value"
        readOnly
        value={created.secret}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-lg border border-input bg-muted px-3 py-2 font-mono text-sm"
      />
      <div className="flex gap-2">
        <Button type="button" onClick={() => void copy()}>
          Copy token
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function statusOf(token: ApiToken) {
  if (token.status === 'active') return <StatusBadge tone="success">Active</StatusBadge>;
  if (token.status === 'expired') return <StatusBadge tone="warning">Expired</StatusBadge>;
  return (
    <StatusBadge tone="danger">
      {token.revokedReason === 'password-changed' ? 'Revoked: password changed' : 'Revoked'}
    </StatusBadge>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke(token: ApiToken): void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3">
      <div className="grid min-w-0 gap-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{token.name}</span>
          {statusOf(token)}
        </div>
        <span className="font-mono text-xs text-muted-foreground">{token.preview}</span>
        <span className="text-muted-foreground">Scopes: {token.scopes.join(', ')}</span>
        <span className="text-muted-foreground">
          Created {when(token.createdAt)} ·{' '}
          {token.expiresAt ? `Expires ${when(token.expiresAt)}` : 'Never expires'} ·{' '}
          {token.lastUsedAt ? `Last used ${when(token.lastUsedAt)}` : 'Never used'}
        </span>
      </div>
      {token.status !== 'revoked' && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Revoke ${token.name}`}
          onClick={() => onRevoke(token)}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/**
 * Personal access tokens for scripts and apps: made here with scopes and an expiry, each secret
 * shown once; listed with their last use; revoked with a confirmation, stopping at once.
 */
export function ApiTokensPanel() {
  const { data, isLoading, isError, refetch } = useGetApiTokensQuery();
  const [revoke, { isLoading: revoking }] = useRevokeApiTokenMutation();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [pending, setRevoking] = useState<ApiToken | null>(null);

  if (isLoading) return <LoadingState label="Loading your API tokens…" />;
  if (isError || !data) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        Could not load your API tokens.
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </p>
    );
  }

  async function confirmRevoke() {
    const token = pending;
    setRevoking(null);
    if (!token) return;
    try {
      await revoke(token.id).unwrap();
      toast.success(`“${token.name}” was revoked`);
    } catch (failure) {
      toast.error(apiErrorOf(failure)?.message ?? 'The token could not be revoked.');
    }
  }

  const active = data.tokens.filter((token) => token.status === 'active').length;
  return (
    <div className="grid gap-6">
      {created ? (
        <NewTokenSecret created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateApiTokenForm limits={data.limits} onCreated={setCreated} />
      )}
      <div className="grid gap-3">
        <h3 className="text-sm font-medium">
          Your tokens ({active} of {data.limits.maxActive} active)
        </h3>
        {data.tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            You have no API tokens. Create one to use Agora from a script or another app.
          </p>
        ) : (
          <ul aria-label="API tokens" className="grid gap-2" data-testid="api-tokens">
            {data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={setRevoking} />
            ))}
          </ul>
        )}
      </div>
      <AlertDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogTitle>Revoke “{pending?.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Anything using this token stops working at once. This cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction disabled={revoking} onClick={() => void confirmRevoke()}>
              Revoke
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import {
  API_TOKEN_SCOPES,
  apiTokenMessages,
  apiTokenScopeDescriptions,
  type ApiTokenLimits,
  type ApiTokenScope,
  type CreatedApiToken,
} from '../../../shared/api-tokens';
import { useAppSelector } from '../../state/hooks';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { apiErrorOf } from '../../lib/formErrors';
import { selectSignedInUser } from '../auth';
import { SelectField } from '../../components/formFields';
import { useCreateApiTokenMutation } from './apiTokensApi';

const PRESET_DAYS = [7, 30, 90, 365];
const NEVER = 'never';

/** The lives a member may choose under the configured maximum (0: any, and never expiring). */
export function expiryOptions(maxDays: number): { value: string; label: string }[] {
  const days =
    maxDays === 0
      ? PRESET_DAYS
      : [...new Set([...PRESET_DAYS.filter((d) => d <= maxDays), maxDays])].sort((a, b) => a - b);
  const options = days.map((d) => ({ value: String(d), label: `${d} days` }));
  return maxDays === 0 ? [...options, { value: NEVER, label: 'No expiry' }] : options;
}

type Field = 'name' | 'scopes' | 'expiresInDays';

/**
 * Names a token, picks its scopes (admin only for owners: the server refuses it to anyone else
 * too) and its life. On success the parent shows the secret, which is never sent again.
 */
export function CreateApiTokenForm({
  limits,
  onCreated,
}: {
  limits: ApiTokenLimits;
  onCreated(created: CreatedApiToken): void;
}) {
  const user = useAppSelector(selectSignedInUser);
  const [create, { isLoading }] = useCreateApiTokenMutation();
  const options = expiryOptions(limits.maxDays);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState(
    options.find((option) => option.value === '30')?.value ?? options[0]!.value,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const offered = API_TOKEN_SCOPES.filter((scope) => scope !== 'admin' || user?.role === 'owner');

  function toggle(scope: ApiTokenScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = apiTokenMessages.nameRequired;
    if (scopes.length === 0) found.scopes = apiTokenMessages.scopesRequired;
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return;
    try {
      const created = await create({
        name: name.trim(),
        scopes,
        expiresInDays: expiry === NEVER ? null : Number(expiry),
      }).unwrap();
      setName('');
      setScopes(['read']);
      onCreated(created);
    } catch (failure) {
      const error = apiErrorOf(failure);
      const fields = error?.fields ?? {};
      setErrors({ name: fields.name, scopes: fields.scopes, expiresInDays: fields.expiresInDays });
      setGeneral(
        Object.keys(fields).length > 0
          ? null
          : (error?.message ?? 'The token could not be created. Please try again.'),
      );
    }
  }

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      {general && <Alert>{general}</Alert>}
      <TextField
        id="api-token-name"
        label="Token name"
        placeholder="e.g. Backup script"
        maxLength={100}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}
      >
        <legend className="mb-2 text-sm font-medium leading-none">Scopes</legend>
        {offered.map((scope) => (
          <div key={scope} className="flex items-start gap-2">
            <Checkbox
              id={`api-token-scope-${scope}`}
              checked={scopes.includes(scope)}
              onCheckedChange={(checked) => toggle(scope, checked === true)}
              className="mt-0.5"
            />
            <Label htmlFor={`api-token-scope-${scope}`} className="grid gap-1 font-normal">
              <span className="font-medium">{scope}</span>
              <span className="text-[0.8rem] text-muted-foreground">
                {apiTokenScopeDescriptions[scope]}
              </span>
            </Label>
          </div>
        ))}
        {errors.scopes && (
          <p id="api-token-scopes-error" className="text-[0.8rem] font-medium text-destructive">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <SelectField
        id="api-token-expiry"
        label="Expires after"
        value={expiry}
        options={options}
        onChange={setExpiry}
        error={errors.expiresInDays}
      />
      <Button type="submit" className="w-fit" disabled={isLoading}>
        {isLoading ? 'Creating…' : 'Create token'}
      </Button>
    </form>
  );
}

import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { Moderator } from '../../../shared/moderation';
import { ErrorState, LoadingState } from '../../components/PageStates';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { apiErrorOf } from '../../lib/formErrors';
import { Avatar } from '../../components/UserCard';
import {
  useAppointModeratorMutation,
  useDismissModeratorMutation,
  useGetModeratorsQuery,
  useSearchMembersQuery,
} from './moderationApi';

/** Finds a member by name and makes them a moderator. */
function AppointForm({ moderators }: { moderators: readonly Moderator[] }) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), 300);
  const search = useSearchMembersQuery(settled, { skip: settled.length < 2 });
  const [appoint, appointing] = useAppointModeratorMutation();
  const inputId = useId();
  const already = new Set(moderators.map((m) => m.id));
  const found = (search.data ?? []).filter((person) => !already.has(person.id));

  const make = async (id: string, name: string) => {
    const answer = await appoint(id);
    if ('error' in answer) {
      toast.error(apiErrorOf(answer.error)?.message ?? 'The member could not be appointed.');
    } else {
      toast.success(`${name} is now a moderator`);
      setQuery('');
    }
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="grid gap-2">
      <h2 id={`${inputId}-heading`} className="font-semibold">
        Appoint a moderator
      </h2>
      <label htmlFor={inputId} className="text-sm text-muted-foreground">
        Search members by name
      </label>
      <Input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Name or username"
        autoComplete="off"
        data-testid="moderator-search"
      />
      {settled.length >= 2 && search.isFetching && <LoadingState label="Searching…" />}
      {settled.length >= 2 && !search.isFetching && found.length === 0 && (
        <p className="text-sm text-muted-foreground">No member found.</p>
      )}
      {found.length > 0 && (
        <ul className="grid gap-2" aria-label="Members found">
          {found.map((person) => {
            const name = person.displayName || person.username;
            return (
              <li key={person.id} className="flex items-center gap-3">
                <Avatar name={name} src={person.avatar} className="size-8 text-xs" />
                <span className="min-w-0 flex-1 truncate">
                  {name} <span className="text-muted-foreground">@{person.username}</span>
                </span>
                <Button
                  size="sm"
                  disabled={appointing.isLoading}
                  onClick={() => void make(person.id, name)}
                  aria-label={`Make ${name} a moderator`}
                >
                  Appoint
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The owner's list of moderators: appoint by searching a member, dismiss after confirming. */
export function ModeratorsPanel() {
  const { data, isLoading, isError, refetch } = useGetModeratorsQuery();
  const [dismiss] = useDismissModeratorMutation();
  const [leaving, setLeaving] = useState<Moderator | null>(null);

  if (isLoading) return <LoadingState label="Loading the moderators…" />;
  if (isError || !data) {
    return (
      <ErrorState
        title="The moderators could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }

  const confirmDismiss = async () => {
    if (!leaving) return;
    const who = leaving;
    setLeaving(null);
    const answer = await dismiss(who.id);
    if ('error' in answer) toast.error('The moderator could not be dismissed. Please try again.');
    else toast.success(`${who.displayName} is no longer a moderator`);
  };

  return (
    <div className="grid gap-6">
      <ul className="grid gap-2" aria-label="Moderators">
        {data.map((person) => (
          <li
            key={person.id}
            className="flex items-center gap-3 rounded-lg border p-3"
            data-testid="moderator"
          >
            <Avatar name={person.displayName} src={person.avatar} className="size-8 text-xs" />
            <span className="min-w-0 flex-1 truncate">
              {person.displayName} <span className="text-muted-foreground">@{person.username}</span>
            </span>
            {person.role === 'owner' ? (
              <span className="text-sm text-muted-foreground">Owner</span>
            ) : (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setLeaving(person)}
                aria-label={`Dismiss ${person.displayName}`}
              >
                Dismiss
              </Button>
            )}
          </li>
        ))}
      </ul>
      {data.every((person) => person.role === 'owner') && (
        <p className="text-sm text-muted-foreground">No moderators yet: owners moderate alone.</p>
      )}
      <AppointForm moderators={data} />
      <AlertDialog open={leaving !== null} onOpenChange={(open) => !open && setLeaving(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Dismiss {leaving?.displayName}?</AlertDialogTitle>
          <AlertDialogDescription>
            They lose access to the moderation queue and audit log at once.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void confirmDismiss()}>Dismiss</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

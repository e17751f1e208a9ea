import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { Person } from '../../../shared/social';
import { LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { apiErrorOf } from '../../lib/formErrors';
import { Avatar } from '../../components/UserCard';
import { useInviteMembersMutation, useSearchInviteesQuery } from './communityApi';

const nameOf = (person: Person) => person.displayName || person.username;

/** Invite Members: search members by name, pick some, send; says who was invited. */
export function InviteDialog({
  communityId,
  communityName,
  open,
  onOpenChange,
}: {
  communityId: string;
  communityName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Map<string, Person>>(new Map());
  const [invited, setInvited] = useState<string[] | null>(null);
  const settled = useDebouncedValue(query.trim(), 300);
  const search = useSearchInviteesQuery(settled, { skip: settled.length < 2 });
  const [invite, inviting] = useInviteMembersMutation();

  const toggle = (person: Person) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(person.id)) next.delete(person.id);
      else next.set(person.id, person);
      return next;
    });

  const send = async () => {
    const people = [...picked.values()];
    const answer = await invite({ communityId, userIds: people.map((p) => p.id) });
    if ('error' in answer) {
      toast.error(apiErrorOf(answer.error)?.message ?? 'The invitations could not be sent.');
      return;
    }
    const sent = new Set(answer.data.invited);
    setInvited(people.filter((p) => sent.has(p.id)).map(nameOf));
    setPicked(new Map());
    setQuery('');
  };

  const close = (next: boolean) => {
    if (!next) setInvited(null);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent aria-describedby={`${id}-description`}>
        <DialogTitle>Invite Members</DialogTitle>
        <DialogDescription id={`${id}-description`}>
          Invite members to {communityName}. They get a notification and an email.
        </DialogDescription>
        {invited !== null && (
          <p role="status" className="text-sm">
            {invited.length === 0
              ? 'Everyone chosen was already a member or invited.'
              : `Invited: ${invited.join(', ')}`}
          </p>
        )}
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          Search members by name
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name or username"
          autoComplete="off"
        />
        {settled.length >= 2 && search.isFetching && <LoadingState label="Searching…" />}
        {settled.length >= 2 && !search.isFetching && (search.data ?? []).length === 0 && (
          <p className="text-sm text-muted-foreground">No member found.</p>
        )}
        {(search.data ?? []).length > 0 && (
          <ul className="grid gap-2" aria-label="Members found">
            {(search.data ?? []).map((person) => (
              <li key={person.id} className="flex items-center gap-3">
                <Checkbox
                  id={`${id}-${person.id}`}
                  checked={picked.has(person.id)}
                  onCheckedChange={() => toggle(person)}
                />
                <Avatar name={nameOf(person)} src={person.avatar} className="size-8 text-xs" />
                <label htmlFor={`${id}-${person.id}`} className="min-w-0 flex-1 truncate text-sm">
                  {nameOf(person)} <span className="text-muted-foreground">@{person.username}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {picked.size > 0 && (
          <p className="text-sm text-muted-foreground">
            Chosen: {[...picked.values()].map(nameOf).join(', ')}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Close
          </Button>
          <Button disabled={picked.size === 0 || inviting.isLoading} onClick={() => void send()}>
            {inviting.isLoading ? 'Sending...' : 'Send Invitations'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

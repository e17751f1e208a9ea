import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { CommunityMember, CommunityRole } from '../../../shared/communities';
import { COMMUNITY_ROLES } from '../../../shared/communities/constants';
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
  useApproveMemberMutation,
  useChangeMemberRoleMutation,
  useGetCommunityMembersQuery,
  useRejectMemberMutation,
  useRemoveMemberMutation,
} from './communityApi';
import { capitalize } from '../../components/formFields';
import { ROLE_FILTERS, type MemberFilters } from './memberFilters';
import { RoleBadge } from './RoleBadge';

interface Viewer {
  id: string;
  role: CommunityRole | null;
  canManage: boolean;
}

/** The roles `viewer` may give: a moderator never makes an admin. */
const assignable = (viewer: Viewer) =>
  COMMUNITY_ROLES.filter((role) => viewer.role === 'admin' || role !== 'admin');

/** A manager acts on a member other than themselves, and a moderator never on an admin. */
const mayManage = (viewer: Viewer, member: CommunityMember) =>
  viewer.canManage &&
  member.id !== viewer.id &&
  (viewer.role === 'admin' || member.role !== 'admin');

function MemberRow({
  communityId,
  member,
  viewer,
  onRemove,
}: {
  communityId: string;
  member: CommunityMember;
  viewer: Viewer;
  onRemove: (member: CommunityMember) => void;
}) {
  const [changeRole, changing] = useChangeMemberRoleMutation();
  const [approve] = useApproveMemberMutation();
  const [reject] = useRejectMemberMutation();
  const selectId = useId();
  const act = async (done: Promise<{ error?: unknown }>, success: string) => {
    const answer = await done;
    if (answer.error) toast.error(apiErrorOf(answer.error)?.message ?? 'Please try again.');
    else toast.success(success);
  };
  const ids = { communityId, userId: member.id };

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3" data-testid="member">
      <Avatar name={member.name} src={member.avatar} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{member.name}</span>
          <RoleBadge role={member.role} />
          {member.isOnline && (
            <span className="text-xs text-success" aria-label="Online">
              ● Online
            </span>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          @{member.username} · joined {new Date(member.joinDate).toLocaleDateString()} ·{' '}
          {member.posts} posts · {member.followers} followers · level {member.level} (
          {member.reputation} reputation)
        </p>
      </div>
      {member.status === 'pending' ? (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void act(approve(ids), `${member.name} approved`)}>
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void act(reject(ids), `${member.name} rejected`)}
          >
            Reject
          </Button>
        </div>
      ) : (
        mayManage(viewer, member) && (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              Role of {member.name}
            </label>
            <select
              id={selectId}
              value={member.role}
              disabled={changing.isLoading}
              onChange={(event) =>
                void act(
                  changeRole({ ...ids, role: event.target.value as CommunityRole }),
                  `${member.name} is now ${event.target.value}`,
                )
              }
              className="h-8 rounded-md border bg-card px-2 text-sm"
            >
              {assignable(viewer).map((role) => (
                <option key={role} value={role}>
                  {capitalize(role)}
                </option>
              ))}
            </select>
            <Button size="sm" variant="outline" onClick={() => onRemove(member)}>
              Remove
            </Button>
          </div>
        )
      )}
    </li>
  );
}

/** Members: search and role filter applied by the server; managers see requests and act. */
export function MembersTab({ communityId, viewer }: { communityId: string; viewer: Viewer }) {
  const id = useId();
  const [filters, setFilters] = useState<MemberFilters>({
    q: '',
    role: 'all',
    status: 'active',
    page: 1,
  });
  const q = useDebouncedValue(filters.q, 300);
  const { data, isLoading, isError, isFetching, refetch } = useGetCommunityMembersQuery({
    communityId,
    ...filters,
    q,
  });
  const [remove] = useRemoveMemberMutation();
  const [removing, setRemoving] = useState<CommunityMember | null>(null);
  const update = (change: Partial<MemberFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...change }));

  const confirmRemove = async () => {
    if (!removing) return;
    const who = removing;
    setRemoving(null);
    const answer = await remove({ communityId, userId: who.id });
    if ('error' in answer) toast.error(apiErrorOf(answer.error)?.message ?? 'Please try again.');
    else toast.success(`${who.name} was removed`);
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Search members
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            value={filters.q}
            placeholder="Name or username"
            onChange={(event) => update({ q: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-role`} className="text-sm font-medium">
            Role
          </label>
          <select
            id={`${id}-role`}
            value={filters.role}
            onChange={(event) => update({ role: event.target.value as MemberFilters['role'] })}
            className="h-10 rounded-lg border bg-card px-2 text-sm"
          >
            {ROLE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {viewer.canManage && (
          <div className="flex gap-1" role="group" aria-label="Show">
            <Button
              size="sm"
              variant={filters.status === 'active' ? 'default' : 'outline'}
              aria-pressed={filters.status === 'active'}
              onClick={() => update({ status: 'active' })}
            >
              Members
            </Button>
            <Button
              size="sm"
              variant={filters.status === 'pending' ? 'default' : 'outline'}
              aria-pressed={filters.status === 'pending'}
              onClick={() => update({ status: 'pending' })}
            >
              Requests
            </Button>
          </div>
        )}
      </div>
      {isLoading && <LoadingState label="Loading members…" />}
      {isError && (
        <ErrorState title="The members could not be loaded" onRetry={() => void refetch()} />
      )}
      {data && data.members.length === 0 && (
        <p className="py-8 text-center text-sm text-muted-foreground">
          {filters.status === 'pending' ? 'No requests to join.' : 'No members found.'}
        </p>
      )}
      {data && data.members.length > 0 && (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total} {filters.status === 'pending' ? 'requests' : 'members'}
            {isFetching ? ' · updating…' : ''}
          </p>
          <ul className="grid gap-2" aria-label="Members">
            {data.members.map((member) => (
              <MemberRow
                key={member.id}
                communityId={communityId}
                member={member}
                viewer={viewer}
                onRemove={setRemoving}
              />
            ))}
          </ul>
          <div className="flex justify-center gap-2">
            {filters.page > 1 && (
              <Button variant="outline" onClick={() => update({ page: filters.page - 1 })}>
                Previous
              </Button>
            )}
            {data.hasMore && (
              <Button
                variant="outline"
                onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
              >
                Next
              </Button>
            )}
          </div>
        </>
      )}
      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Remove {removing?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            They leave the community; they can join again as its privacy allows.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void confirmRemove()}>Remove</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

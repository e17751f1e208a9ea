import { sql } from 'kysely';
import { communityContentMessages as messages } from '../../../shared/community-content';
import { forbidden, notFound } from '../../core/errors';
import { first } from '../../core/reads';
import { qb } from '../../db/statement';
import {
  communityContentVisible,
  communityId,
  communityVisible,
  isCommunityMember,
  managesCommunity,
} from '../communities/community-policy';
import { member } from '../relations/relations-policy';

/**
 * What a command inside a community decides by: whether the actor may read its content, is an
 * active member, manages it. Read with the command's other reads, from the contract's policy on
 * the row's community column, so a command and a list cannot disagree.
 */
export function accessColumns(actorId: string, column: string) {
  const community = sql.ref(column);
  const actor = member(actorId);
  return [
    communityContentVisible(community, actor).as('visible'),
    isCommunityMember(community, actor).as('is_member'),
    managesCommunity(community, actor).as('manages'),
  ] as const;
}

export interface Access {
  visible: boolean;
  is_member: boolean;
  manages: boolean;
}

/**
 * The community itself, for commands that start something in it. Its alias is not `c`: the
 * policy's own subqueries name their tables `c`, `cm` and `ci`, which would shadow it. `seen`: the member may see the
 * community at all; one they see but may not write in (restricted, not a member) is refused as
 * members-only rather than missing.
 */
export function communityAccess(id: string, actorId: string) {
  return first(
    qb
      .selectFrom('communities as target')
      .select([
        'target.id',
        'target.name',
        communityVisible(sql.ref('target.id'), member(actorId)).as('seen'),
        ...accessColumns(actorId, 'target.id'),
      ])
      .where('target.id', '=', id),
  );
}

/** A community the member cannot see at all is missing to them. */
export function requireSeen<T extends Access & { seen: boolean }>(found: T | undefined): T {
  if (!found || !found.seen) throw notFound(messages.communityNotFound);
  return found;
}

/**
 * Whether a member may read a community's lists: `missing` when they cannot see it at all
 * (private, not invited, or no such community), `members-only` when they see it but its content
 * is its members' (restricted), else `readable`.
 */
export function listAccessSql(id: string, actorId: string) {
  const community = communityId(id);
  const actor = member(actorId);
  return sql<'missing' | 'members-only' | 'readable'>`case
    when not ${communityVisible(community, actor)} then 'missing'
    when not ${communityContentVisible(community, actor)} then 'members-only'
    else 'readable' end`;
}

/** A community one may not read is missing to them, so private ones cannot be probed. */
export function requireReadable<T extends Access>(found: T | undefined, message: string): T {
  if (!found || !found.visible) throw notFound(message);
  return found;
}

export function requireMember(access: Access): void {
  if (!access.is_member) throw forbidden('not-a-member', messages.membersOnly);
}

export function requireManager(access: Access): void {
  if (!access.manages) throw forbidden('not-a-manager', messages.managersOnly);
}

/** Deleting is the author's or a manager's. */
export function requireAuthorOrManager(access: Access, authorId: string, actorId: string): void {
  if (authorId !== actorId && !access.manages) {
    throw forbidden('not-author-or-manager', messages.notAuthorOrManager);
  }
}

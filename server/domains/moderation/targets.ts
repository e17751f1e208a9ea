import { sql } from 'kysely';
import type { ReportTargetType } from '../../../shared/moderation';
import type { Role } from '../../../shared/auth/schemas';
import { value, type Read } from '../../core/reads';
import { blockedEitherWay, member, postVisible } from '../relations/relations-policy';
import { idOrNone } from './streams';

/** A reported or moderated post or comment, as commands decide by it. */
export interface Target {
  targetType: ReportTargetType;
  targetId: string;
  postId: string;
  authorId: string;
  authorRole: Role;
  /** Whether `viewer` may read it: a report needs it, a moderator does not. */
  visible: boolean;
  /** The title (posts) and the first words, for the audit and the queue. */
  excerpt: string;
}

/**
 * The target as one row, or null when there is none. A comment is readable by whoever may see
 * its post, unless it was moderated (its author still reads it) or its author and the viewer
 * blocked one another, as the thread leaves it out.
 */
export function targetRead(
  targetType: ReportTargetType,
  targetId: string,
  viewerId: string,
): Read<Target | null> {
  const id = idOrNone(targetId);
  const viewer = member(viewerId);
  if (targetType === 'post') {
    return value(sql<Target | null>`(select json_build_object(
        'targetType', 'post', 'targetId', p.id, 'postId', p.id, 'authorId', p.author_id,
        'authorRole', u.role, 'visible', ${postVisible('p', viewer)},
        'excerpt', left(p.title, 200))
      from posts p join users u on u.id = p.author_id where p.id = ${id}::uuid)`);
  }
  return value(sql<Target | null>`(select json_build_object(
      'targetType', 'comment', 'targetId', c.id, 'postId', c.post_id, 'authorId', c.author_id,
      'authorRole', u.role,
      'visible', ${postVisible('p', viewer)}
        and (c.moderation_state = 'visible' or c.author_id = ${viewer})
        and not ${blockedEitherWay(sql.ref('c.author_id'), viewer)},
      'excerpt', left(c.content, 200))
    from comments c join posts p on p.id = c.post_id join users u on u.id = c.author_id
    where c.id = ${id}::uuid)`);
}

/** A member as a moderator acts on them. */
export interface MemberTarget {
  id: string;
  role: Role;
}

export function memberRead(userId: string): Read<MemberTarget | null> {
  return value(sql<MemberTarget | null>`(select json_build_object('id', u.id, 'role', u.role)
    from users u where u.id = ${idOrNone(userId)}::uuid)`);
}

import { sql } from 'kysely';
import type { MentionSuggestions } from '../../../shared/mentions';
import { MENTION_SUGGESTIONS } from '../../../shared/mentions';
import type { FeedPage } from '../../../shared/posts';
import type { Db } from '../../db/schema';
import { keysetPostPage } from '../posts/keyset-page';
import { visiblePostRows } from '../posts/posts-read';
import { areFriends, findableBy, member } from '../relations/relations-policy';

/**
 * The profile's Mentions tab: published posts that mention the member and that the viewer may
 * see, newest first, by keyset on (published_at, id).
 */
export async function readMentionedPosts(
  db: Db,
  memberId: string,
  viewerId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<FeedPage> {
  return keysetPostPage(
    visiblePostRows(db, viewerId)
      .where('p.status', '=', 'published')
      .where(
        sql<boolean>`p.id in (select pm.post_id from post_mentions pm
          where pm.member_id = ${memberId}::uuid)`,
      ),
    query,
  );
}

/** `%` and `_` in what was typed match themselves. */
const prefix = (typed: string) => `${typed.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The editor's `@` suggestions: members the author may find (the relations policy's search rule)
 * whose username or name starts with what was typed, friends first, then members the author
 * follows, then the others. With nothing typed yet, friends and followed members only.
 */
export async function readMentionSuggestions(
  db: Db,
  viewerId: string,
  typed: string,
): Promise<MentionSuggestions> {
  const viewer = member(viewerId);
  const candidate = sql.ref('u.id');
  const relation = sql<'friend' | 'following' | 'other'>`case
    when ${areFriends(viewer, candidate)} then 'friend'
    when exists (select 1 from follows f
      where f.follower_id = ${viewer} and f.followee_id = u.id) then 'following'
    else 'other' end`;
  const starts = prefix(typed);
  const rows = await db
    .selectFrom(
      db
        .selectFrom('users as u')
        .select(['u.id', 'u.username', 'u.display_name', 'u.avatar', relation.as('relation')])
        .where(findableBy(candidate, viewer))
        .where(
          sql<boolean>`(lower(u.username) like ${starts} or lower(u.display_name) like ${starts}
            or lower(u.display_name) like ${`% ${starts}`})`,
        )
        .as('found'),
    )
    .selectAll()
    .where((eb) => (typed === '' ? eb('relation', '<>', 'other') : sql<boolean>`true`))
    .orderBy(sql`case relation when 'friend' then 0 when 'following' then 1 else 2 end`)
    .orderBy('username')
    .limit(MENTION_SUGGESTIONS)
    .execute();
  return {
    members: rows.map((row) => ({
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      avatar: row.avatar,
      relation: row.relation,
    })),
  };
}

import { sql, type RawBuilder } from 'kysely';
import {
  CLEANUP_BATCH,
  historyMessages,
  type CleanupResult,
} from '../../../shared/content/history';
import { appendTo, defineCommand } from '../../core/command';
import { forbidden } from '../../core/errors';
import { rows, streamVersionSql, value } from '../../core/reads';
import { qb } from '../../db/statement';
import { postStreamId } from '../posts/streams';
import { deletedQuoteSql, quoteDeletedEvents } from '../reposts/quote-deleted';
import { member, ownerReader } from '../relations/relations-policy';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The trash is purged of what went in at or before this instant. */
export const retentionCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * DAY_MS);

export interface CleanupInput {
  /** The member asking; null for the daily worker, which purges everyone's trash. */
  actorId: string | null;
  /** Whose trash: the actor's own when null, or everyone's for an owner and the worker. */
  userId: string | null;
  cutoff: Date;
}

/**
 * Whose trashed posts a call reads: the named member's, else the actor's own or, for an owner,
 * everyone's; the worker (no actor) everyone's.
 */
function whoseTrash(actorId: string | null, userId: string | null): RawBuilder<boolean> {
  if (userId !== null) return sql<boolean>`p.author_id = ${userId}::uuid`;
  if (actorId === null) return sql<boolean>`true`;
  return sql<boolean>`(p.author_id = ${actorId}::uuid or ${ownerReader(member(actorId))})`;
}

/**
 * Purges trashed posts past retention: `PostDeleted` on each post's stream (at the version read,
 * so a post restored meanwhile is not purged: the command reads again), and after it on a quote
 * `QuoteDeleted`, as `posts.delete` appends. At most `CLEANUP_BATCH` per call, oldest first;
 * `hasMore` says more are due.
 */
export const cleanupTrash = defineCommand({
  name: 'contentHistory.cleanup',
  load: ({ actorId, userId, cutoff }: CleanupInput) => ({
    actorIsOwner: value(actorId === null ? sql<boolean>`true` : ownerReader(member(actorId))),
    due: rows(
      qb
        .selectFrom('posts as p')
        .select([
          'p.id',
          'p.author_id',
          streamVersionSql(sql`'post-' || p.id::text`).as('stream_version'),
          deletedQuoteSql.as('quoted'),
        ])
        .where('p.deleted_at', 'is not', null)
        .where('p.deleted_at', '<=', cutoff)
        .where(whoseTrash(actorId, userId))
        .orderBy('p.deleted_at')
        .orderBy('p.id')
        .limit(CLEANUP_BATCH + 1),
    ),
  }),
  decide({ actorIsOwner, due }, { actorId, userId }) {
    if (userId !== null && userId !== actorId && !actorIsOwner) {
      throw forbidden('not-owner', historyMessages.cleanupOthers);
    }
    const purged = due.slice(0, CLEANUP_BATCH);
    const result: CleanupResult = {
      deletedCount: purged.length,
      hasMore: due.length > CLEANUP_BATCH,
    };
    return {
      appends: purged.map((post) =>
        appendTo(postStreamId(post.id), post.stream_version, [
          { type: 'PostDeleted', data: { postId: post.id, authorId: post.author_id } },
          ...quoteDeletedEvents(post, post.quoted),
        ]),
      ),
      result,
    };
  },
});

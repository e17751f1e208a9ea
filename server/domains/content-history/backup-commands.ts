import { sql } from 'kysely';
import { historyMessages, type BackupSummary } from '../../../shared/content/history';
import type { EventData, NewEvent } from '../../../shared/events';
import { appendTo, defineCommand } from '../../core/command';
import { notFound } from '../../core/errors';
import { retryUnless } from '../../core/guards';
import { first, mapRead, rows, streamVersionSql, value } from '../../core/reads';
import { qb } from '../../db/statement';
import { contentOf } from '../posts/commands';
import { commentStreamId, idOrNone, postStreamId } from '../posts/streams';
import { member, ownerReader } from '../relations/relations-policy';
import { checkHistoryAccess, historyPostState, purgedAuthorSql } from './access';
import { restoredMentionReads, restoredRecordReply, restoreEvents } from './restored-post';
import { backupStreamId } from './streams';

type Snapshot = Pick<EventData<'ContentBackedUp'>, 'post' | 'comments'>;
type SnapshotComment = Snapshot['comments'][number];

/** The post's comments as they are now, parents before replies, with their streams' versions. */
function currentComments(postId: string) {
  return rows(
    qb
      .selectFrom('comments as c')
      .select([
        'c.id',
        'c.parent_id',
        'c.author_id',
        'c.depth',
        'c.content',
        streamVersionSql(sql`'comment-' || c.id::text`).as('stream_version'),
      ])
      .where('c.post_id', '=', idOrNone(postId))
      .orderBy('c.depth')
      .orderBy('c.created_at')
      .orderBy('c.id'),
  );
}

/** Takes a snapshot of the post and its comments; its author or an owner. */
export const backupContent = defineCommand({
  name: 'contentHistory.backup',
  load: (input: { actorId: string; postId: string; backupId: string }) => ({
    post: historyPostState(input.postId, input.actorId),
    comments: currentComments(input.postId),
  }),
  decide({ post: found, comments }, { actorId, backupId }) {
    const post = checkHistoryAccess(found, actorId);
    return {
      appends: [
        appendTo(backupStreamId(backupId), 0, [
          {
            type: 'ContentBackedUp',
            data: {
              backupId,
              postId: post.id,
              authorId: post.author_id,
              actorId,
              post: { status: post.status, ...contentOf(post), mediaIds: post.media_ids },
              comments: comments.map((c) => ({
                commentId: c.id,
                parentId: c.parent_id,
                authorId: c.author_id,
                depth: c.depth,
                content: c.content,
              })),
            },
          },
        ]),
      ],
      reply: mapRead(
        first(
          qb
            .selectFrom('content_backups')
            .select([
              'id',
              'created_at',
              sql<number>`jsonb_array_length(snapshot -> 'comments')`.as('comments'),
            ])
            .where('id', '=', backupId),
        ),
        (row): BackupSummary | null =>
          row
            ? {
                backupId: row.id,
                createdAt: row.created_at.toISOString(),
                comments: row.comments,
              }
            : null,
      ),
    };
  },
});

/** The comment events that bring the post's comments back to the snapshot's. */
export function commentRestoreEvents(
  postId: string,
  postAuthorId: string,
  snapshot: readonly SnapshotComment[],
  current: readonly {
    id: string;
    parent_id: string | null;
    content: string;
    stream_version: number;
  }[],
  streamVersions: Readonly<Record<string, number>>,
) {
  const now = new Map(current.map((c) => [c.id, c]));
  const kept = new Set<string>();
  const readded: { streamId: string; version: number; event: NewEvent }[] = [];
  const reverted: typeof readded = [];
  // Parents come first in a snapshot; a reply whose parent is not restored has nowhere to hang.
  for (const c of [...snapshot].sort((a, b) => a.depth - b.depth)) {
    if (c.parentId !== null && !kept.has(c.parentId)) continue;
    kept.add(c.commentId);
    const existing = now.get(c.commentId);
    if (!existing) {
      readded.push({
        streamId: commentStreamId(c.commentId),
        version: streamVersions[c.commentId] ?? 0,
        event: {
          type: 'CommentAdded',
          data: { postId, postAuthorId, ...c },
        },
      });
    } else if (existing.content !== c.content) {
      reverted.push({
        streamId: commentStreamId(c.commentId),
        version: existing.stream_version,
        event: {
          type: 'CommentEdited',
          data: { postId, commentId: c.commentId, content: c.content },
        },
      });
    }
  }
  // A comment added since goes with its replies: only the topmost of each such thread is deleted.
  const removed = current
    .filter((c) => !kept.has(c.id) && (c.parent_id === null || kept.has(c.parent_id)))
    .map((c) => ({
      streamId: commentStreamId(c.id),
      version: c.stream_version,
      event: { type: 'CommentDeleted', data: { postId, commentId: c.id } } satisfies NewEvent,
    }));
  return { readded, reverted, removed };
}

/**
 * Puts the post back as a backup (the latest when none is named) took it, in one command: its
 * fields and status, out of the trash, and its comments — deleted ones added again with their
 * ids, edited ones reverted, later ones deleted. Likes, comment likes and comments' original
 * times are not in a snapshot and are not restored.
 */
export const restoreBackup = defineCommand({
  name: 'contentHistory.restore',
  load: (input: {
    actorId: string;
    postId: string;
    backupId: string | null;
    publicUrl: string;
  }) => {
    const chosen = qb
      .selectFrom('content_backups as b')
      .where('b.post_id', '=', idOrNone(input.postId))
      .$if(input.backupId !== null, (q) => q.where('b.id', '=', idOrNone(input.backupId ?? '')))
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(1);
    return {
      post: historyPostState(input.postId, input.actorId),
      purgedAuthor: value(purgedAuthorSql(input.postId)),
      actorIsOwner: value(ownerReader(member(input.actorId))),
      backup: first(
        chosen.select([
          'b.id',
          'b.snapshot',
          sql<Record<string, number>>`(select coalesce(jsonb_object_agg(c.value ->> 'commentId',
              ${streamVersionSql(sql`'comment-' || (c.value ->> 'commentId')`)}), '{}'::jsonb)
            from jsonb_array_elements(b.snapshot -> 'comments') c)`.as('stream_versions'),
        ]),
      ),
      comments: currentComments(input.postId),
      ...restoredMentionReads(
        input.postId,
        sql`(${chosen.select(sql<unknown>`b.snapshot -> 'post'`.as('post'))})`,
      ),
    };
  },
  decide(
    { post: found, purgedAuthor, actorIsOwner, backup, comments, mentionable, mentionEmail },
    { actorId, publicUrl },
  ) {
    // Only whoever could have restored it learns that the post was purged.
    if (!found && purgedAuthor !== null && (purgedAuthor === actorId || actorIsOwner)) {
      throw notFound(historyMessages.purged, 'purged');
    }
    const post = checkHistoryAccess(found, actorId);
    if (!backup) throw notFound(historyMessages.backupNotFound, 'backup-not-found');
    const { post: fields } = backup.snapshot;
    // The post leaves the trash with the restore, so the members its text names may read it.
    const {
      events: edits,
      guards,
      effects,
    } = restoreEvents(post, fields, {
      recipients: mentionable,
      email: mentionEmail,
      publicUrl,
      inTrash: false,
    });
    const postEvents: NewEvent[] = [
      ...(post.deleted_at === null
        ? []
        : [
            {
              type: 'PostUntrashed' as const,
              data: { postId: post.id, authorId: post.author_id, actorId },
            },
          ]),
      ...edits,
    ];
    const { readded, reverted, removed } = commentRestoreEvents(
      post.id,
      post.author_id,
      backup.snapshot.comments,
      comments,
      backup.stream_versions,
    );
    const ids = comments.map((c) => c.id);
    return {
      guards: [
        ...guards,
        // A comment added between the read and the write has a new stream, which no version
        // check covers: the comments must still be the ones read, or the command reads again.
        retryUnless(sql<boolean>`not exists (select 1 from comments
          where post_id = ${post.id}::uuid and id <> all(${ids}::uuid[]))`),
      ],
      appends: [
        appendTo(postStreamId(post.id), post.stream_version, postEvents),
        // Deleted first: a re-added comment never meets the thread it replaced.
        ...[...removed, ...reverted, ...readded].map((a) =>
          appendTo(a.streamId, a.version, [a.event]),
        ),
      ],
      effects,
      reply: mapRead(restoredRecordReply(post.id, actorId), (restored) =>
        restored
          ? {
              backupId: backup.id,
              record: restored,
              comments: {
                readded: readded.length,
                reverted: reverted.length,
                removed: removed.length,
              },
            }
          : null,
      ),
    };
  },
});

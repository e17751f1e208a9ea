import { sql } from 'kysely';
import { historyMessages } from '../../../shared/content/history';
import { appendTo, defineCommand } from '../../core/command';
import { notFound } from '../../core/errors';
import { first } from '../../core/reads';
import { qb } from '../../db/statement';
import { idOrNone, postStreamId } from '../posts/streams';
import { checkHistoryAccess, historyPostState } from './access';
import { restoredMentionReads, restoredRecordReply, restoreEvents } from './restored-post';

/**
 * Puts a post's content fields back as one of its versions kept them, by a `PostEdited` that
 * becomes the newest version. The post keeps its status: a published post stays published, so
 * a version with a blank title cannot be restored into it (400, as an edit).
 */
export const restoreVersion = defineCommand({
  name: 'contentHistory.restoreVersion',
  load: (input: { actorId: string; postId: string; version: number; publicUrl: string }) => {
    const kept = qb
      .selectFrom('post_versions')
      .select('fields')
      .where('post_id', '=', idOrNone(input.postId))
      .where('version_no', '=', input.version);
    return {
      post: historyPostState(input.postId, input.actorId),
      kept: first(kept),
      ...restoredMentionReads(input.postId, sql`(${kept})`),
    };
  },
  decide({ post: found, kept, mentionable, mentionEmail }, { actorId, publicUrl }) {
    const post = checkHistoryAccess(found, actorId);
    if (!kept) throw notFound(historyMessages.versionNotFound, 'version-not-found');
    const { events, guards, effects } = restoreEvents(post, kept.fields, {
      recipients: mentionable,
      email: mentionEmail,
      publicUrl,
      // A version restored into a post in the trash is read by nobody until it leaves it.
      inTrash: post.deleted_at !== null,
    });
    return {
      guards,
      appends: [appendTo(postStreamId(post.id), post.stream_version, events)],
      effects,
      reply: restoredRecordReply(post.id, actorId),
    };
  },
});

import { sql, type RawBuilder } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import type { ContentRecord, ContentType } from '../../../shared/content/schemas';
import type { PatchPost, PostVisibility } from '../../../shared/posts';
import type { Statement } from '../../db/statement';
import { first, mapRead, type Read } from '../../core/reads';
import { qb } from '../../db/statement';
import { editedPostMentions } from '../mentions/mention-outcome';
import {
  mentionEmailRead,
  postAuthor,
  postMentionCandidates,
  type MentionEmailContext,
  type MentionRecipient,
} from '../mentions/mention-reads';
import { editEvents, publishedAfter } from '../posts/commands';
import { idOrNone } from '../posts/streams';
import { feedOrderLock } from '../posts/feed-order';
import { ownMediaGuard } from '../posts/post-media';
import { presentContent, type ContentRow } from '../content/content-presenter';
import { contentColumns } from '../content/content-read';
import type { HistoryPostState } from './access';

/**
 * The reads a restore decides the restored text's mentions by: whom the earlier fields (read by
 * the statement, `fields` answering them as JSON) may name, judged by the visibility they
 * restore, and the email's context. The author is the post's: an owner may restore it.
 */
export function restoredMentionReads(postId: string, fields: RawBuilder<unknown>) {
  const author = postAuthor(postId);
  return {
    mentionable: postMentionCandidates({
      postId,
      author,
      content: sql<string | null>`(${fields} ->> 'content')`,
      visibility: sql<PostVisibility>`coalesce(${fields} ->> 'visibility',
        (select visibility from posts where id = ${idOrNone(postId)}::uuid))`,
    }),
    mentionEmail: mentionEmailRead(author),
  };
}

/**
 * The events, guards and effects that bring a post to earlier fields, by the posts domain's own
 * rules: publishing checks the post as it will be (a blank title is refused), a first
 * publication is its own `PostPublished` under the feed-order lock, and the files must still be
 * the author's. Its mentions follow the restored text as an edit's do: a member it newly names
 * is told once (when the post is `live`: published, and out of the trash, after the restore),
 * one it no longer names has the unread notification withdrawn. Nothing is appended when the
 * post already says exactly that.
 */
export function restoreEvents(
  post: HistoryPostState,
  patch: PatchPost & { contentType?: ContentType },
  mentions: {
    recipients: readonly MentionRecipient[];
    email: MentionEmailContext;
    publicUrl: string;
    inTrash: boolean;
  },
): { events: NewEvent[]; guards: Statement[]; effects: Statement[] } {
  const events = editEvents(post, patch);
  const live = !mentions.inTrash && publishedAfter(post, patch, events);
  const mentioned = editedPostMentions(post, patch, live, mentions);
  return {
    events: [...events, ...mentioned.events],
    guards: [
      ...(events.some((e) => e.type === 'PostPublished') ? [feedOrderLock()] : []),
      ...ownMediaGuard(post.author_id, patch.mediaIds),
    ],
    effects: mentioned.effects,
  };
}

/**
 * The record as it reads after the write, for its author or an owner: not through the audience
 * rule, since an owner restores posts that are not theirs to read, nor the trash's, since a
 * version may be restored into a post in it.
 */
export function restoredRecordReply(postId: string, actorId: string): Read<ContentRecord | null> {
  return mapRead(first(contentColumns(qb, actorId).where('p.id', '=', postId)), (row) =>
    row ? presentContent(row as ContentRow) : null,
  );
}

import { sql } from 'kysely';
import type { ContentType } from '../../../shared/content/schemas';
import type { EventData, NewEvent } from '../../../shared/events';
import { isBlank } from '../../../shared/api/text';
import {
  postsMessages,
  readTime,
  wordCount,
  type CreatePost,
  type PatchPost,
  type PostStatus,
} from '../../../shared/posts';
import { appendTo, defineCommand } from '../../core/command';
import { forbidden, invalid, notFound } from '../../core/errors';
import { lock, retryUnless } from '../../core/guards';
import { first, streamVersionSql, value } from '../../core/reads';
import { qb, type Statement } from '../../db/statement';
import { queueLinkPreview } from '../link-previews/preview-queue';
import { editedPostMentions, mentionOutcome } from '../mentions/mention-outcome';
import {
  mentionEmailRead,
  postMentionCandidates,
  postMentionReads,
} from '../mentions/mention-reads';
import { quotedRead, quoteOutcome } from '../reposts/quote-decision';
import { deletedQuoteRead, quoteDeletedEvents } from '../reposts/quote-deleted';
import { feedOrderLock } from './feed-order';
import { attachedFileIdsSql, ownMediaGuard } from './post-media';
import { postReply, visibleToViewer } from './posts-read';
import { idOrNone, postStreamId } from './streams';

export const postNotFound = () => notFound(postsMessages.postNotFound);
const notYourPost = () => forbidden('not-author', postsMessages.notYourPost);

/** A post's content as the events carry it, read times counted from its words. */
export type PostContent = Omit<EventData<'PostEdited'>, 'postId' | 'authorId' | 'status'>;

type ContentFields = Omit<PostContent, 'wordCount' | 'readTime'>;

export function counted(fields: ContentFields): PostContent {
  const words = wordCount(fields.content);
  return { ...fields, wordCount: words, readTime: readTime(words) };
}

/** Publishing needs a title, checked first, then content (001 §5); a draft needs nothing. */
function checkPublishable(content: { title: string; content: string }): void {
  if (isBlank(content.title)) {
    throw invalid('title-required', postsMessages.titleRequired, {
      title: postsMessages.titleRequiredTitle,
    });
  }
  if (isBlank(content.content)) {
    throw invalid('content-required', postsMessages.contentRequired, {
      content: postsMessages.contentRequiredTitle,
    });
  }
}

export const lastNumberSql = (authorId: string) =>
  sql<number>`coalesce((select last_number from post_numbers where author_id = ${authorId}::uuid), 0)`;

/**
 * Creates a post as a draft, kept private, or published at once. Its number among the author's
 * posts is read, then re-checked under the author's lock at commit: two posts created at once
 * cannot take the same number (the loser reads again).
 */
export const createPost = defineCommand({
  name: 'posts.create',
  load: (input: { authorId: string; postId: string; post: CreatePost; publicUrl: string }) => ({
    lastNumber: value(lastNumberSql(input.authorId)),
    mentionable: postMentionCandidates({
      postId: input.postId,
      author: input.authorId,
      content: input.post.content,
      visibility: input.post.visibility,
    }),
    mentionEmail: mentionEmailRead(input.authorId),
    quoted: quotedRead(input.post.quoteOf, input.authorId),
  }),
  decide({ lastNumber, mentionable, mentionEmail, quoted }, { authorId, postId, post, publicUrl }) {
    // Whether to fetch a card, and what it quotes, are the command's business, not the content.
    const { linkPreview, quoteOf: _quoteOf, ...content } = post;
    const quote = quoteOutcome(quoted, { postId, authorId, ...post }, publicUrl);
    const { events, guards } = draftDecision(authorId, postId, lastNumber, content);
    const published = post.status === 'published';
    const mentions = mentionOutcome({
      postId,
      commentId: null,
      authorId,
      content: post.content,
      previous: [],
      published,
      recipients: mentionable,
      email: mentionEmail,
      postTitle: post.title,
      publicUrl,
    });
    return {
      guards,
      appends: [
        appendTo(postStreamId(postId), 0, [...events, ...mentions.events, ...quote.events]),
      ],
      effects: [
        ...(published && linkPreview
          ? queueLinkPreview({ kind: 'post', id: postId, authorId }, post.content)
          : []),
        ...mentions.effects,
        ...quote.effects,
      ],
      reply: postReply(postId, authorId),
    };
  },
});

/**
 * The events and guards that create a post, numbered after `lastNumber` (re-checked under the
 * author's lock at commit): `POST /posts` and the content API's create decide by it.
 */
export function draftDecision(
  authorId: string,
  postId: string,
  lastNumber: number,
  post: Omit<CreatePost, 'linkPreview' | 'quoteOf'> & { contentType?: ContentType },
): { events: NewEvent[]; guards: Statement[] } {
  const { status, ...fields } = post;
  if (status === 'published') checkPublishable(fields);
  const events: NewEvent[] = [
    {
      type: 'PostDrafted',
      data: {
        postId,
        authorId,
        number: lastNumber + 1,
        status: status === 'private' ? 'private' : 'draft',
        ...counted(fields),
      },
    },
  ];
  if (status === 'published') events.push({ type: 'PostPublished', data: { postId, authorId } });
  return {
    events,
    guards: [
      lock(`posts:${authorId}`),
      retryUnless(sql<boolean>`${lastNumberSql(authorId)} = ${lastNumber}`),
      ...(status === 'published' ? [feedOrderLock()] : []),
      ...ownMediaGuard(authorId, fields.mediaIds),
    ],
  };
}

/** The post as every command on it decides by: its stream version and whether the actor sees it. */
function postState(postId: string, actorId: string) {
  return first(
    qb
      .selectFrom('posts as p')
      .selectAll('p')
      .select([
        streamVersionSql(sql`'post-' || p.id::text`).as('stream_version'),
        visibleToViewer(actorId).as('visible'),
        attachedFileIdsSql.as('media_ids'),
      ])
      .where('p.id', '=', idOrNone(postId)),
  );
}

export type PostState = NonNullable<ReturnType<ReturnType<typeof postState>['pick']>>;

/** The post the actor wrote: one they may not see is not found, another's is forbidden. */
function ownPost(post: PostState | undefined, actorId: string): PostState {
  if (!post || !post.visible) throw postNotFound();
  if (post.author_id !== actorId) throw notYourPost();
  return post;
}

export function contentOf(post: PostState): ContentFields {
  return {
    title: post.title,
    content: post.content,
    excerpt: post.excerpt,
    featuredImage: post.featured_image,
    location: post.location,
    visibility: post.visibility,
    categories: post.categories,
    tags: post.tags,
    seoTitle: post.seo_title,
    seoDescription: post.seo_description,
    allowComments: post.allow_comments,
    allowSharing: post.allow_sharing,
    mediaIds: post.media_ids,
    contentType: post.content_type,
  };
}

const sameContent = (a: ContentFields, b: ContentFields) =>
  (Object.keys(a) as (keyof ContentFields)[]).every(
    (key) => JSON.stringify(a[key]) === JSON.stringify(b[key]),
  );

/**
 * The events that bring a post to the patch: an edit for new content or a status other than a
 * first publication, and `PostPublished` for that. Publishing checks the post as it will be.
 */
export function editEvents(
  post: PostState,
  patch: Omit<PatchPost, 'linkPreview'> & { contentType?: ContentType },
): NewEvent[] {
  const { status: wanted, ...changes } = patch;
  const before = contentOf(post);
  const after: ContentFields = { ...before, ...changes };
  const target: PostStatus = wanted ?? post.status;
  const publishing = target === 'published' && post.status !== 'published';
  if (target === 'published') checkPublishable(after);
  // A first publication is its own event; the edit keeps the status the post had.
  const editedStatus = publishing ? post.status : target;
  const events: NewEvent[] = [];
  if (!sameContent(before, after) || editedStatus !== post.status) {
    events.push({
      type: 'PostEdited',
      data: { postId: post.id, authorId: post.author_id, status: editedStatus, ...counted(after) },
    });
  }
  if (publishing) {
    events.push({ type: 'PostPublished', data: { postId: post.id, authorId: post.author_id } });
  }
  return events;
}

/** Whether a post is published once `events`, changing it by `patch`, are appended. */
export function publishedAfter(
  post: { status: string },
  patch: { status?: string },
  events: readonly NewEvent[],
): boolean {
  if (events.some((e) => e.type === 'PostPublished')) return true;
  return post.status === 'published' && (patch.status ?? 'published') === 'published';
}

/**
 * Changes the author's post; nothing is appended when nothing changes. Its mentions follow the
 * content: a member newly mentioned in a published post they may see is told once, one no longer
 * mentioned has the notification withdrawn, and a first publication tells those the draft named.
 */
export const editPost = defineCommand({
  name: 'posts.edit',
  load: (input: { actorId: string; postId: string; patch: PatchPost; publicUrl: string }) => ({
    post: postState(input.postId, input.actorId),
    ...postMentionReads({
      postId: input.postId,
      author: input.actorId,
      content: input.patch.content,
      visibility: input.patch.visibility,
    }),
  }),
  decide({ post: found, mentionable, mentionEmail }, { actorId, patch: asked, publicUrl }) {
    const post = ownPost(found, actorId);
    const { linkPreview = true, ...patch } = asked;
    const events = editEvents(post, patch);
    const publishing = events.some((e) => e.type === 'PostPublished');
    const published = publishedAfter(post, patch, events);
    const mentions = editedPostMentions(post, patch, published, {
      recipients: mentionable,
      email: mentionEmail,
      publicUrl,
    });
    const content = patch.content ?? post.content;
    return {
      guards: [...(publishing ? [feedOrderLock()] : []), ...ownMediaGuard(actorId, patch.mediaIds)],
      appends: [
        appendTo(postStreamId(post.id), post.stream_version, [...events, ...mentions.events]),
      ],
      effects: [
        ...(published && linkPreview
          ? queueLinkPreview(
              { kind: 'post', id: post.id, authorId: post.author_id },
              content,
              publishing ? null : post.content,
            )
          : []),
        ...mentions.effects,
      ],
      reply: postReply(post.id, actorId),
    };
  },
});

/** Deletes the author's post with its likes, comments and saves. */
export const deletePost = defineCommand({
  name: 'posts.delete',
  load: (input: { actorId: string; postId: string }) => ({
    post: postState(input.postId, input.actorId),
    quoted: deletedQuoteRead(input.postId),
  }),
  decide({ post: found, quoted }, { actorId }) {
    const post = ownPost(found, actorId);
    return {
      appends: [
        appendTo(postStreamId(post.id), post.stream_version, [
          { type: 'PostDeleted', data: { postId: post.id, authorId: post.author_id } },
          ...quoteDeletedEvents(post, quoted),
        ]),
      ],
      result: { postId: post.id },
    };
  },
});

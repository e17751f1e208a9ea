import { z } from 'zod';

/** What a repost or a quote names: the original, the member acting, and whom it notifies. */
const onOriginal = { postId: z.uuid(), userId: z.uuid(), postAuthorId: z.uuid() };

/**
 * A member's repost of a post is a stream of its own (`post-repost-<post>-<member>`), so many
 * members reposting one post never contend for one version; a quote is told on the quoting
 * post's own stream, right after the `PostDrafted` and `PostPublished` that create it.
 */
export const repostEvents = {
  PostReposted: z.strictObject(onOriginal),
  RepostUndone: z.strictObject(onOriginal),
  /**
   * `quotePostId` embeds the original (`postId`); quotes are published as they are created.
   * `notify`: the original's author may see the quote, so they are told of it.
   */
  PostQuoted: z.strictObject({ ...onOriginal, quotePostId: z.uuid(), notify: z.boolean() }),
  /**
   * The quoting post is deleted, told on its stream beside its `PostDeleted`. `stillQuotes`: the
   * member quotes the original in another post not in the trash, so its author's notification
   * keeps naming them.
   */
  QuoteDeleted: z.strictObject({
    ...onOriginal,
    quotePostId: z.uuid(),
    stillQuotes: z.boolean(),
  }),
};

import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';

/**
 * The stream ids of the posts domain, one function per category. A post's own life is one
 * stream; each member's like, save and shares of it, and each comment, are streams of their
 * own, so members acting on one post at once never race for one stream's version.
 */
export const postStreamId = (postId: string) => `post-${postId}`;
export const postLikeStreamId = (postId: string, userId: string) => `post-like-${postId}-${userId}`;
export const postSaveStreamId = (postId: string, userId: string) => `post-save-${postId}-${userId}`;
/** The same id built in SQL from two columns (a uuid's text is its lowercase form, as here). */
export const postSaveStreamIdSql = (postId: RawBuilder<unknown>, userId: RawBuilder<unknown>) =>
  sql<string>`'post-save-' || ${postId}::text || '-' || ${userId}::text`;
export const postShareStreamId = (postId: string, userId: string) =>
  `post-share-${postId}-${userId}`;
/** A post's views, counted in batches by each process (views.ts). */
export const postViewsStreamId = (postId: string) => `post-views-${postId}`;
export const commentStreamId = (commentId: string) => `comment-${commentId}`;
export const commentLikeStreamId = (commentId: string, userId: string) =>
  `comment-like-${commentId}-${userId}`;

const uuid = z.uuid();

/** A path id that is not a UUID names nothing; Postgres would refuse it as a uuid. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
export const idOrNone = (id: string) => (uuid.safeParse(id).success ? id.toLowerCase() : NO_ID);

/*
 * The hashtags' socket event names and bound, without schemas: a tag page names its tag before
 * the live channel (and zod) load.
 */

/** The most tags one socket follows live at once (a tag page follows one). */
export const TAGS_WATCHED_MAX = 5;

export const HASHTAG_SOCKET_EVENTS = {
  /** Client to server: the tags of the tag pages open now, replacing the ones sent before. */
  watch: 'tags:watch',
  /** Server to client: a post with a watched tag was published, and the member may see it. */
  post: 'tag:post',
  /** Server to client: the member followed or unfollowed a tag, in any tab. */
  followed: 'tag:followed',
} as const;

export interface TagPostPayload {
  tag: string;
  postId: string;
  publishedAt: string;
}

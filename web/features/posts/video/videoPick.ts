import type { Post, PostMedia } from '../../../../shared/posts';

/** The video page offers up to 6 other videos beside the selected one (001 §9). */
export const OTHER_VIDEOS_MAX = 6;

/** The post's first attached video: what the video page plays. */
export function videoOf(post: Pick<Post, 'media'>): PostMedia | undefined {
  return post.media.find((file) => file.kind === 'video');
}

/**
 * The post the page shows: the one named in the URL if it has a video, else, with no id, the
 * newest video. Undefined means 'No video found'.
 */
export function selectedVideoPost(
  id: string | undefined,
  named: Post | undefined,
  newestFirst: readonly Post[],
): Post | undefined {
  const candidate = id ? named : newestFirst[0];
  return candidate && videoOf(candidate) ? candidate : undefined;
}

/** Up to six videos besides the selected one, newest first, each once. */
export function otherVideos(
  newestFirst: readonly Post[],
  selectedId: string | undefined,
  max = OTHER_VIDEOS_MAX,
): Post[] {
  return newestFirst
    .filter((post) => post.id !== selectedId && videoOf(post) !== undefined)
    .slice(0, max);
}

export function videoUrl(postId: string): string {
  return `/video/${encodeURIComponent(postId)}`;
}

import { useEffect } from 'react';
import { watchedPosts } from './watchedPosts';

/**
 * Follows the given posts live while the calling screen shows them: their counts, edits,
 * comments and deletion arrive as pushes (`postsLive`). Pass the posts on screen; the list may
 * change at every render, and the server hears of it once a burst of changes settles.
 */
export function useWatchPosts(postIds: readonly string[]): void {
  const key = [...new Set(postIds)].sort().join(',');
  useEffect(() => (key === '' ? undefined : watchedPosts.watch(key.split(','))), [key]);
}

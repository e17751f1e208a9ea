import type { FeedPage, Post } from '../../../shared/posts';

/** What the post book knows of a post now: its newest state, or that it was deleted. */
export interface HeldPost {
  post: Post | undefined;
  deleted: boolean;
}

/**
 * The saved posts to show, last saved first as the pages came: a post unsaved anywhere (its
 * newest state in the book says `savedByMe: false`) or deleted leaves the list at once, before
 * the refetch that the unsave asks for answers.
 */
export function savedPostsShown(
  pages: readonly FeedPage[] | undefined,
  held: (id: string) => HeldPost,
): Post[] {
  const shown: Post[] = [];
  const seen = new Set<string>();
  for (const post of pages?.flatMap((page) => page.posts) ?? []) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    const now = held(post.id);
    if (now.deleted || !(now.post ?? post).savedByMe) continue;
    shown.push(post);
  }
  return shown;
}

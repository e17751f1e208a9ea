import type { FeedPage, Post, SavedPage } from '../../../shared/posts';

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

/** Last saved first, as the server pages them: by save time, then by id. */
const savedBefore = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  a.at > b.at || (a.at === b.at && a.id > b.id);

/**
 * The loaded saved pages with a post the member saved in another tab (a push), in the place its
 * save time gives it, and listed once: saved again, it leaves its old place. A post older than
 * everything loaded while more pages remain is left for its own page to bring.
 */
export function withSavedPost(pages: SavedPage[], post: Post, savedAt: string): void {
  for (const page of pages) {
    page.posts = page.posts.filter((held) => held.id !== post.id);
    delete page.savedAt[post.id];
  }
  const entry = { at: savedAt, id: post.id };
  for (const [index, page] of pages.entries()) {
    const position = page.posts.findIndex((held) =>
      savedBefore(entry, { at: page.savedAt[held.id] ?? '', id: held.id }),
    );
    const last = index === pages.length - 1;
    if (position < 0 && !(last && page.nextCursor === null)) continue;
    page.posts.splice(position < 0 ? page.posts.length : position, 0, post);
    page.savedAt[post.id] = savedAt;
    return;
  }
}

import type { FollowEntry, FollowsPage } from '../../../shared/profiles';

/** The cursor of the page after this one, or undefined when the list is complete. */
export function nextFollowsCursor(lastPage: FollowsPage): string | undefined {
  return lastPage.nextCursor ?? undefined;
}

/**
 * The entries of the pages loaded so far, in order. A follow that began while the member paged
 * moves the cursor's window, so a person may come twice: the first stays.
 */
export function followEntries(pages: readonly FollowsPage[] | undefined): FollowEntry[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const entries: FollowEntry[] = [];
  for (const page of pages) {
    for (const entry of page.entries) {
      if (seen.has(entry.person.id)) continue;
      seen.add(entry.person.id);
      entries.push(entry);
    }
  }
  return entries;
}

/** The list's total as the newest page counts it. */
export function followsTotal(pages: readonly FollowsPage[] | undefined): number | null {
  const last = pages?.at(-1);
  return last ? last.total : null;
}

/** Spec 000 §5: blank text is no search, and the button waits for the search in flight. */
export function canSubmitSearch(text: string, searching: boolean): boolean {
  return text.trim().length > 0 && !searching;
}

/** The query actually sent, or null when there is nothing to search for. */
export function searchQueryOf(text: string): string | null {
  const query = text.trim();
  return query ? query : null;
}

/** Spec 000 §2: the line under the search box once results are in. */
export function searchSummary(count: number): string {
  return count === 0 ? 'No results found' : `Found ${count} people`;
}

import type { SearchResult } from '../../../shared/social';

/** What a search or suggestion card offers (spec 000 §4): a badge, or the Add button. */
export type CardState = 'friends' | 'pending' | 'add' | 'unavailable';

export function cardStateOf(
  result: Pick<SearchResult, 'isFriend' | 'hasPendingRequest' | 'canSendRequest'>,
): CardState {
  if (result.isFriend) return 'friends';
  if (result.hasPendingRequest) return 'pending';
  return result.canSendRequest ? 'add' : 'unavailable';
}

/** Spec 000 §5: the note goes with the request only when its box is open and it is not blank. */
export function requestMessageOf(boxOpen: boolean, text: string): string | undefined {
  const message = text.trim();
  return boxOpen && message ? message : undefined;
}

/** A card after its request went out, until the refetch confirms it. */
export function markRequestSent<T extends SearchResult>(result: T): T {
  return { ...result, hasPendingRequest: true, canSendRequest: false };
}

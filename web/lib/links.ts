/** Spec 000 §2: friend cards open the profile in a new tab, and messages with the member. */
export function profileUrl(userId: string): string {
  return `/profile/${encodeURIComponent(userId)}`;
}

export function messagesUrl(userId: string): string {
  return `/messages?user=${encodeURIComponent(userId)}`;
}

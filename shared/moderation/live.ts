/** What the moderation room hears: whole queue items and audit entries, after commit. */
export const MODERATION_SOCKET_EVENTS = {
  item: 'moderation:item',
  audit: 'moderation:audit',
} as const;

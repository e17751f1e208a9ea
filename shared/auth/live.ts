/* Apart from the texts: every member's first page loads the live channel's names. */

/** Server to client: the member's session summary changed (a rotation was required); refetch it. */
export const SECURITY_SOCKET_EVENTS = { sessionChanged: 'session:changed' } as const;

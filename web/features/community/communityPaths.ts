/** The hub showing one community (`?c=<id>`), as notifications and emails link it. */
export const communityPath = (communityId: string) => `/community?c=${communityId}`;

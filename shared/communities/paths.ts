/** The hub showing one community (`?c=<id>`), as notifications and emails link it. */
export const communityPath = (communityId: string) => `/community?c=${communityId}`;

/** The hub opened on one discussion, as a reply's notification links it. */
export const discussionPath = (communityId: string, discussionId: string) =>
  `${communityPath(communityId)}&discussion=${discussionId}`;

import { z } from 'zod';

/**
 * A community's own life (created, members invited) is one stream; each member's standing in it
 * another, so members joining at once never race for one version.
 */
export const communityStreamId = (communityId: string) => `community-${communityId}`;
export const membershipStreamId = (communityId: string, userId: string) =>
  `community-member-${communityId}-${userId}`;

const uuid = z.uuid();

/** A path id that is not a UUID names nothing; Postgres would refuse it as a uuid. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
export const idOrNone = (id: string) => (uuid.safeParse(id).success ? id.toLowerCase() : NO_ID);

import { z } from 'zod';
import { COMMUNITIES_WATCHED_MAX, communityStatsSchema, viewerMembershipSchema } from './schemas';

export const COMMUNITY_SOCKET_EVENTS = {
  /** Client to server: the communities whose hub is on screen, replacing those sent before. */
  watch: 'communities:watch',
  /** Server to the hub's room: the community's counts, absolute, with its version. */
  changed: 'community:changed',
  /** Server to a member's own sockets: their standing in a community changed. */
  membership: 'community:membership',
} as const;

export const watchCommunitiesSchema = z.strictObject({
  communityIds: z.array(z.uuid()).max(COMMUNITIES_WATCHED_MAX),
});

export const communityChangedPayloadSchema = z.object({
  communityId: z.uuid(),
  stats: communityStatsSchema,
  version: z.number().int().nonnegative(),
});
export type CommunityChangedPayload = z.infer<typeof communityChangedPayloadSchema>;

export const membershipChangedPayloadSchema = z.object({
  communityId: z.uuid(),
  membership: viewerMembershipSchema,
});
export type MembershipChangedPayload = z.infer<typeof membershipChangedPayloadSchema>;

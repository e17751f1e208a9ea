import { z } from 'zod';
import { COMMUNITY_CATEGORIES, COMMUNITY_PRIVACY, COMMUNITY_ROLES } from '../communities/constants';

const ids = { communityId: z.uuid(), userId: z.uuid() };
const byManager = { ...ids, byUserId: z.uuid() };

/**
 * Communities. A community's own life is `community-<id>` (created, members invited); each
 * member's standing in it is `community-member-<community>-<member>` (joined, approved, left,
 * role), so many members joining at once never race for one version.
 */
export const communityEvents = {
  CommunityCreated: z.strictObject({
    communityId: z.uuid(),
    createdBy: z.uuid(),
    name: z.string(),
    description: z.string(),
    category: z.enum(COMMUNITY_CATEGORIES),
    privacy: z.enum(COMMUNITY_PRIVACY),
    website: z.string().nullable(),
    email: z.string().nullable(),
    location: z.string().nullable(),
    tags: z.array(z.string()),
    avatarFileId: z.uuid().nullable(),
    avatarUrl: z.string().nullable(),
    bannerFileId: z.uuid().nullable(),
    bannerUrl: z.string().nullable(),
    rules: z.string(),
    welcomeMessage: z.string(),
  }),
  /** `pending`: a request to join a restricted community, waiting for a manager. */
  CommunityJoined: z.strictObject({ ...ids, status: z.enum(['active', 'pending']) }),
  CommunityJoinApproved: z.strictObject(byManager),
  CommunityJoinRejected: z.strictObject(byManager),
  /** A member leaving, or withdrawing their request to join. */
  CommunityLeft: z.strictObject(ids),
  CommunityMemberRemoved: z.strictObject(byManager),
  CommunityRoleChanged: z.strictObject({ ...byManager, role: z.enum(COMMUNITY_ROLES) }),
  /** `communityName` is what the invitees' notifications say, as it was when they were asked. */
  CommunityMembersInvited: z.strictObject({
    communityId: z.uuid(),
    communityName: z.string(),
    invitedBy: z.uuid(),
    userIds: z.array(z.uuid()).min(1),
  }),
  CommunityInvitationDeclined: z.strictObject(ids),
};

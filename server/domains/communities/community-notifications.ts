import { communityPath } from '../../../shared/communities';
import type { ModuleMeanings } from '../../core/meanings';

/**
 * Each invitee is told by notification, linking the hub of the community. Invitations to one
 * community merge ("Ana and 2 others invited you ..."); the message is the community's name.
 */
export const communityMeanings: ModuleMeanings = {
  events: {
    CommunityMembersInvited: {
      notifies: ({ data }) =>
        data.userIds.map((recipientId) => ({
          recipientId,
          actorId: data.invitedBy,
          type: 'community_invitation' as const,
          sourceKey: `${data.communityId}:${recipientId}`,
          groupKey: `community_invitation:${data.communityId}`,
          actionUrl: communityPath(data.communityId),
          actionData: { communityId: data.communityId },
          message: data.communityName,
        })),
    },
  },
  notificationWording: {
    community_invitation: {
      one: (name) => `${name} invited you to join a community`,
      many: (name, others) => `${name} and ${others} invited you to join a community`,
      content: (name, community) =>
        community === null
          ? `${name} invited you to join a community.`
          : `${name} invited you to join ${community}.`,
    },
  },
};

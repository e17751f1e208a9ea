import { sql } from 'kysely';
import type { Server } from 'socket.io';
import {
  COMMUNITY_ROOM_PREFIX,
  COMMUNITY_SOCKET_EVENTS,
  type CommunityChangedPayload,
  type MembershipChangedPayload,
} from '../../../shared/communities';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { communityContentVisible } from './community-policy';
import { activeMembersSql } from './community-read';
import { statsOf, type CommunityRow } from './community-presenter';
import { communityRoom } from './community-rooms';

/**
 * Whose standing in which community a batch of events changed, and which communities' counts:
 * its members, and what other domains count on its row (discussions, posts, events).
 */
export function communityChangesOf(events: readonly StoredEvent[]): {
  communities: Set<string>;
  memberships: { communityId: string; userId: string }[];
  anyAccountGone: boolean;
} {
  const communities = new Set<string>();
  const memberships: { communityId: string; userId: string }[] = [];
  let anyAccountGone = false;
  for (const event of events) {
    switch (event.type) {
      case 'CommunityCreated':
        communities.add(event.data.communityId);
        memberships.push({ communityId: event.data.communityId, userId: event.data.createdBy });
        break;
      case 'CommunityJoined':
      case 'CommunityJoinApproved':
      case 'CommunityJoinRejected':
      case 'CommunityLeft':
      case 'CommunityMemberRemoved':
      case 'CommunityRoleChanged':
      case 'CommunityInvitationDeclined':
        communities.add(event.data.communityId);
        memberships.push({ communityId: event.data.communityId, userId: event.data.userId });
        break;
      case 'DiscussionStarted':
      case 'DiscussionDeleted':
      case 'CommunityPostCreated':
      case 'CommunityPostDeleted':
        communities.add(event.data.communityId);
        break;
      case 'CalendarEventCreated':
      case 'CalendarEventCancelled':
        if (event.data.communityId) communities.add(event.data.communityId);
        break;
      case 'CommunityMembersInvited':
        for (const userId of event.data.userIds) {
          memberships.push({ communityId: event.data.communityId, userId });
        }
        break;
      case 'AccountDeleted':
        anyAccountGone = true;
        break;
      default:
        break;
    }
  }
  return { communities, memberships, anyAccountGone };
}

function watchedCommunities(io: Server): string[] {
  return [...io.sockets.adapter.rooms.keys()]
    .filter((room) => room.startsWith(COMMUNITY_ROOM_PREFIX))
    .map((room) => room.slice(COMMUNITY_ROOM_PREFIX.length));
}

const isWatched = (io: Server, id: string) =>
  (io.sockets.adapter.rooms.get(communityRoom(id))?.size ?? 0) > 0;

async function readStats(db: Db, ids: string[]): Promise<CommunityChangedPayload[]> {
  // The hub's room admits only those who may read what is inside: they are shown every count.
  const { rows } = await sql<CommunityRow>`select c.id, c.member_count, c.discussion_count,
      c.post_count, c.event_count, c.version, ${activeMembersSql} as active_members,
      true as content_visible
    from communities c where c.id = any(${ids}::uuid[])`.execute(db);
  return rows.map((row) => ({ communityId: row.id, stats: statsOf(row), version: row.version }));
}

interface MembershipState {
  community_id: string;
  user_id: string;
  role: MembershipChangedPayload['membership']['role'];
  status: MembershipChangedPayload['membership']['status'];
  invited: boolean;
  readable: boolean;
}

async function readMemberships(
  db: Db,
  pairs: readonly { communityId: string; userId: string }[],
): Promise<MembershipState[]> {
  const { rows } = await sql<MembershipState>`
    select v.community_id, v.user_id, m.role, m.status,
      exists (select 1 from community_invitations i
        where i.community_id = v.community_id and i.user_id = v.user_id) as invited,
      ${communityContentVisible(sql.ref('v.community_id'), sql.ref('v.user_id'))} as readable
    from unnest(${pairs.map((p) => p.communityId)}::uuid[], ${pairs.map((p) => p.userId)}::uuid[])
      as v(community_id, user_id)
    left join community_members m
      on m.community_id = v.community_id and m.user_id = v.user_id`.execute(db);
  return rows;
}

/**
 * After commit: `community:changed` with the absolute counts and version to the hub's room of
 * each community whose counts changed (members, discussions, posts, events), and
 * `community:membership` to the member concerned, on their own sockets. A member who may no
 * longer read the community's content leaves its room. An account deletion can move any
 * community's count: every watched community is read again, and the versions let a client
 * ignore what it already has.
 */
export function createCommunitiesPusher(): Pusher {
  return {
    name: 'communities',
    async push(events, io, db) {
      const { communities, memberships, anyAccountGone } = communityChangesOf(events);
      if (anyAccountGone) for (const id of watchedCommunities(io)) communities.add(id);
      const here = memberships.filter((m) => isHere(io, m.userId));
      if (here.length > 0) {
        for (const state of await readMemberships(db, here)) {
          const payload: MembershipChangedPayload = {
            communityId: state.community_id,
            membership: { role: state.role, status: state.status, invited: state.invited },
          };
          io.local.to(userRoom(state.user_id)).emit(COMMUNITY_SOCKET_EVENTS.membership, payload);
          if (!state.readable) {
            io.local.in(userRoom(state.user_id)).socketsLeave(communityRoom(state.community_id));
          }
        }
      }
      const watched = [...communities].filter((id) => isWatched(io, id));
      if (watched.length === 0) return;
      for (const payload of await readStats(db, watched)) {
        io.local
          .to(communityRoom(payload.communityId))
          .emit(COMMUNITY_SOCKET_EVENTS.changed, payload);
      }
    },
  };
}

import type { Server } from 'socket.io';
import {
  COMMUNITY_CONTENT_SOCKET_EVENTS as EVENTS,
  type CommunityPostDeletedPayload,
  type CommunityPostPayload,
  type DiscussionDeletedPayload,
  type DiscussionPayload,
  type ReplyPayload,
} from '../../../shared/community-content/live';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import type { Pusher } from '../../realtime/pusher';
import { communityRoom } from '../communities/community-rooms';
import {
  presentCommunityPost,
  presentDiscussion,
  presentReply,
  type CommunityPostRow,
  type DiscussionRow,
  type ReplyRow,
} from './content-presenter';
import { communityPostRows, discussionRows, replyRows } from './content-read';

/** Rows read for every viewer alike: no member's likes are in them. */
const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/** What a batch of events changed, by community. */
interface Changes {
  discussions: Map<string, string>;
  replies: Map<string, string>;
  discussionsDeleted: DiscussionDeletedPayload[];
  posts: Map<string, string>;
  postsDeleted: CommunityPostDeletedPayload[];
}

function changesOf(events: readonly StoredEvent[]): Changes {
  const changes: Changes = {
    discussions: new Map(),
    replies: new Map(),
    discussionsDeleted: [],
    posts: new Map(),
    postsDeleted: [],
  };
  for (const event of events) {
    switch (event.type) {
      case 'DiscussionStarted':
      case 'DiscussionFlagsSet':
        changes.discussions.set(event.data.discussionId, event.data.communityId);
        break;
      case 'DiscussionReplied':
        changes.discussions.set(event.data.discussionId, event.data.communityId);
        changes.replies.set(event.data.replyId, event.data.communityId);
        break;
      case 'DiscussionDeleted':
        changes.discussions.delete(event.data.discussionId);
        changes.discussionsDeleted.push({
          communityId: event.data.communityId,
          discussionId: event.data.discussionId,
        });
        break;
      case 'CommunityPostCreated':
      case 'CommunityPostFlagsSet':
      case 'CommunityPostLiked':
      case 'CommunityPostUnliked':
        changes.posts.set(event.data.postId, event.data.communityId);
        break;
      case 'CommunityPostDeleted':
        changes.posts.delete(event.data.postId);
        changes.postsDeleted.push({
          communityId: event.data.communityId,
          postId: event.data.postId,
        });
        break;
      default:
        break;
    }
  }
  return changes;
}

const watched = (io: Server, communityId: string) =>
  (io.sockets.adapter.rooms.get(communityRoom(communityId))?.size ?? 0) > 0;

/** The ids whose community someone in this process watches. */
const watchedIds = (io: Server, byId: Map<string, string>) =>
  [...byId].filter(([, communityId]) => watched(io, communityId)).map(([id]) => id);

/**
 * After commit, each change to the hubs watching its community: discussions and posts as they
 * are now (absolute counts with their version, read after the commit, so at least as new as the
 * events), new replies, and what was deleted. The hub's watch admits only members who may read
 * the community's content, so the room is the audience.
 */
export function createCommunityContentPusher(): Pusher {
  return {
    name: 'community-content',
    async push(events, io, db) {
      const changes = changesOf(events);
      await pushDiscussions(io, db, watchedIds(io, changes.discussions));
      await pushReplies(io, db, watchedIds(io, changes.replies));
      await pushPosts(io, db, watchedIds(io, changes.posts));
      for (const payload of changes.discussionsDeleted) {
        io.local.to(communityRoom(payload.communityId)).emit(EVENTS.discussionDeleted, payload);
      }
      for (const payload of changes.postsDeleted) {
        io.local.to(communityRoom(payload.communityId)).emit(EVENTS.postDeleted, payload);
      }
    },
  };
}

async function pushDiscussions(io: Server, db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = (await discussionRows(db).where('d.id', 'in', ids).execute()) as DiscussionRow[];
  for (const row of rows) {
    const payload: DiscussionPayload = { discussion: presentDiscussion(row) };
    io.local.to(communityRoom(row.community_id)).emit(EVENTS.discussion, payload);
  }
}

async function pushReplies(io: Server, db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = (await replyRows(db)
    .where('dr.id', 'in', ids)
    .orderBy('dr.created_at')
    .orderBy('dr.id')
    .execute()) as ReplyRow[];
  for (const row of rows) {
    const payload: ReplyPayload = { communityId: row.community_id, reply: presentReply(row) };
    io.local.to(communityRoom(row.community_id)).emit(EVENTS.reply, payload);
  }
}

async function pushPosts(io: Server, db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = (await communityPostRows(db, NO_VIEWER)
    .where('cp.id', 'in', ids)
    .execute()) as CommunityPostRow[];
  for (const row of rows) {
    const { likedByMe: _liked, ...post } = presentCommunityPost(row);
    const payload: CommunityPostPayload = { post };
    io.local.to(communityRoom(row.community_id)).emit(EVENTS.post, payload);
  }
}

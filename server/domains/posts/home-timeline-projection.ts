import type { EventType } from '../../../shared/events';
import type { Projection } from '../../eventstore/projection';
import { feedOrderLock } from './feed-order';
import { syncPost, syncReader, syncRepost } from './home-timeline';

/** Events after which a post is listed in other timelines, or a member reads other authors. */
const handled = [
  'PostPublished',
  'PostEdited',
  'PostTrashed',
  'PostUntrashed',
  'ContentModerated',
  'PostPermissionsSet',
  'ContentMigrated',
  'ContentImported',
  'FriendRequestAccepted',
  'FriendRemoved',
  'MemberFollowed',
  'MemberUnfollowed',
  'MemberBlocked',
  'PostReposted',
  'RepostUndone',
] as const satisfies readonly EventType[];

/** Besides those, the posts projection takes a post, or a deleted member's posts, out of them. */
const ordered = new Set<EventType>([...handled, 'PostDeleted', 'AccountDeleted']);

/**
 * Home timelines (home-timeline.ts). It runs after the projections of posts, content, friends,
 * follows and reposts, so its statements read the post, the pair and the repost as the event
 * left them.
 *
 * Every event that writes timelines takes the feed-order lock before it is appended, publishing
 * or not. Two such writes therefore never run side by side (a post fanned out while its author
 * gains a friend would otherwise miss that friend: neither write sees the other's rows), and
 * they take their log positions in the order they run, so a rebuild, which replays by position,
 * writes the timelines in the same order and leaves them the same, cut-backs included.
 */
export const homeTimelineProjection: Projection = {
  name: 'home-timelines',
  tables: [
    'home_timelines',
    'home_timeline_reposts',
    'home_timeline_floors',
    'timeline_pull_authors',
  ],
  handles: handled,
  locks: (event) => (ordered.has(event.type) ? [feedOrderLock()] : []),
  project(event) {
    switch (event.type) {
      case 'PostPublished':
      case 'PostEdited':
      case 'PostTrashed':
      case 'PostUntrashed':
      case 'PostPermissionsSet':
      case 'ContentMigrated':
      case 'ContentImported':
        return syncPost(event.data.postId);
      case 'ContentModerated':
        return event.data.targetType === 'post' ? syncPost(event.data.targetId) : [];
      case 'FriendRequestAccepted': {
        const { fromUserId, toUserId } = event.data;
        return [...syncReader(fromUserId, toUserId), ...syncReader(toUserId, fromUserId)];
      }
      case 'FriendRemoved': {
        const { userId, friendId } = event.data;
        return [...syncReader(userId, friendId), ...syncReader(friendId, userId)];
      }
      case 'MemberBlocked': {
        const { userId, blockedUserId } = event.data;
        return [...syncReader(userId, blockedUserId), ...syncReader(blockedUserId, userId)];
      }
      case 'MemberFollowed':
      case 'MemberUnfollowed':
        return syncReader(event.data.followerId, event.data.followeeId);
      case 'PostReposted':
      case 'RepostUndone':
        return syncRepost(event.data.postId, event.data.userId);
      default:
        return [];
    }
  },
};

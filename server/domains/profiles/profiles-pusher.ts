import type { Server } from 'socket.io';
import { profileLiveEvents, type ProfileStatsPayload } from '../../../shared/profiles';
import type { StoredEvent } from '../../eventstore/stored-event';
import type { Pusher } from '../../realtime/pusher';
import {
  allWatchedProfiles,
  isProfileWatched,
  profileRoom,
  profileWatchers,
  reachablePairs,
} from './profile-watchers';
import { readViewerStats } from './profile-stats-read';

/** (Profile, viewer) pairs whose last pushed version this process remembers. */
const REMEMBERED = 10_000;

/**
 * A profile that is gone has no version left: any the watchers hold is older, so they refetch
 * and find it gone.
 */
const GONE_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * What a batch of events changed about profiles: whose counts may have moved for some viewer
 * (`stats`), whose profile itself changed (`changed`), whose account went (which moved the
 * stats of members the read models no longer name: those the member followed, was followed by,
 * or liked), and between which two members a friendship or a friend's permissions changed
 * (`pairs`): what each of the two may see of the other.
 */
export function profileChangesOf(events: readonly StoredEvent[]): {
  stats: Set<string>;
  changed: Set<string>;
  gone: Set<string>;
  pairs: [string, string][];
} {
  const stats = new Set<string>();
  const changed = new Set<string>();
  const gone = new Set<string>();
  const pairs: [string, string][] = [];
  for (const event of events) {
    switch (event.type) {
      case 'MemberFollowed':
      case 'MemberUnfollowed':
        stats.add(event.data.followerId);
        stats.add(event.data.followeeId);
        break;
      case 'MemberBlocked':
        stats.add(event.data.userId);
        stats.add(event.data.blockedUserId);
        break;
      case 'PostPublished':
      case 'PostEdited':
      case 'PostDeleted':
      case 'PostTrashed':
      case 'PostUntrashed':
      case 'PostPermissionsSet':
      case 'ContentImported':
        stats.add(event.data.authorId);
        break;
      case 'ContentModerated':
        if (event.data.targetType === 'post') stats.add(event.data.authorId);
        break;
      case 'ContentMigrated':
        stats.add(event.data.fromUserId);
        stats.add(event.data.toUserId);
        break;
      case 'PostLiked':
      case 'PostUnliked':
        stats.add(event.data.postAuthorId);
        break;
      case 'ProfileViewsCounted':
        stats.add(event.data.userId);
        break;
      case 'ProfilePrivacyChanged':
        // Who may see the follow lists, so their counts, changed with it.
        changed.add(event.data.userId);
        stats.add(event.data.userId);
        break;
      case 'ProfileEdited':
      case 'ProfileCardSettingsChanged':
      case 'AvatarChanged':
      case 'BannerChanged':
        changed.add(event.data.userId);
        break;
      case 'FriendRequestAccepted':
        pairs.push([event.data.fromUserId, event.data.toUserId]);
        break;
      case 'FriendRemoved':
      case 'FriendPermissionsChanged':
        pairs.push([event.data.userId, event.data.friendId]);
        break;
      case 'AccountDeleted':
        gone.add(event.data.userId);
        break;
      default:
        break;
    }
  }
  return { stats, changed, gone, pairs };
}

/** One socket watching a profile, and what to tell it. */
interface Target {
  userId: string;
  viewerId: string;
  socketId: string;
  stats: boolean;
  changed: boolean;
}

/** The sockets to tell, each watcher of a changed profile and each watching member of a pair. */
function targetsOf(
  io: Server,
  changes: ReturnType<typeof profileChangesOf>,
  watched: readonly string[],
): Target[] {
  const targets: Target[] = [];
  for (const userId of watched) {
    for (const w of profileWatchers(io, userId)) {
      const stats = changes.stats.has(userId);
      targets.push({ userId, ...w, stats, changed: changes.changed.has(userId) });
    }
  }
  for (const [a, b] of changes.pairs) {
    for (const [userId, viewerId] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const w of profileWatchers(io, userId)) {
        if (w.viewerId === viewerId) targets.push({ userId, ...w, stats: false, changed: true });
      }
    }
  }
  return targets;
}

/**
 * After commit, to each socket of this process watching a profile, as its member may see it:
 * `profile:stats` with the counts that member may see and the version of what they are shown
 * when the counts may have moved, `profile:changed` with that version when the profile itself
 * did, or what the two may see of each other (a friendship began or ended: the watcher
 * refetches). Every watcher is checked again first; one who may no longer open the profile stops
 * watching it. The watchers of a deleted member's profile are told it changed, and stop watching.
 */
export function createProfilesPusher(): Pusher {
  /** The version last pushed per profile and viewer, to skip pushing it again. */
  const lastPushed = new Map<string, number>();
  return {
    name: 'profiles',
    async push(events, io: Server, db) {
      const changes = profileChangesOf(events);
      for (const userId of changes.gone) {
        const room = profileRoom(userId);
        io.local.to(room).emit(profileLiveEvents.changed, { userId, version: GONE_VERSION });
        io.local.in(room).socketsLeave(room);
      }
      // Any watched profile's stats may have moved: the pushes are absolute and versioned, so a
      // watcher ignores counts no newer than its own, and a version pushed already is skipped.
      if (changes.gone.size > 0) {
        for (const userId of allWatchedProfiles(io)) changes.stats.add(userId);
      }
      const watched = [...new Set([...changes.stats, ...changes.changed])].filter((id) =>
        isProfileWatched(io, id),
      );
      const targets = targetsOf(io, changes, watched);
      if (targets.length === 0) return;
      const reachable = await reachablePairs(db, targets);
      const shown = targets.filter((t) => {
        if (reachable.has(`${t.userId}:${t.viewerId}`)) return true;
        void io.sockets.sockets.get(t.socketId)?.leave(profileRoom(t.userId));
        return false;
      });
      const pairKey = (t: { userId: string; viewerId: string }) => `${t.userId}:${t.viewerId}`;
      const unique = new Map(shown.map((t) => [pairKey(t), t]));
      const seen = new Map(
        (await readViewerStats(db, [...unique.values()])).map((s) => [pairKey(s), s]),
      );
      const fresh = new Set<string>();
      for (const [key, value] of seen) {
        if ((lastPushed.get(key) ?? -1) >= value.version) continue;
        lastPushed.delete(key);
        lastPushed.set(key, value.version);
        if (lastPushed.size > REMEMBERED) lastPushed.delete(lastPushed.keys().next().value!);
        fresh.add(key);
      }
      for (const target of shown) {
        const value = seen.get(pairKey(target));
        if (!value) continue;
        const socket = io.local.to(target.socketId);
        if (target.changed) {
          socket.emit(profileLiveEvents.changed, { userId: value.userId, version: value.version });
        }
        if (target.stats && fresh.has(pairKey(target))) {
          const payload: ProfileStatsPayload = {
            userId: value.userId,
            stats: value.stats,
            version: value.version,
          };
          socket.emit(profileLiveEvents.stats, payload);
        }
      }
    },
  };
}

import type { Server } from 'socket.io';
import { profileLiveEvents, type ProfileStatsPayload } from '../../../shared/profiles';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import type { Pusher } from '../../realtime/pusher';
import {
  allWatchedProfiles,
  isProfileWatched,
  profileRoom,
  profileWatchers,
  reachablePairs,
} from './profile-watchers';

/** Profiles whose last pushed version this process remembers, to skip pushing it again. */
const REMEMBERED = 10_000;

/**
 * A profile that is gone has no version left: any the watchers hold is older, so they refetch
 * and find it gone.
 */
const GONE_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * Whose stats and whose profile a batch of events changed, and whose account went (which moved
 * the stats of members the read models no longer name: those the member followed, was followed
 * by, or liked).
 */
export function profileChangesOf(events: readonly StoredEvent[]): {
  stats: Set<string>;
  changed: Set<string>;
  gone: Set<string>;
} {
  const stats = new Set<string>();
  const changed = new Set<string>();
  const gone = new Set<string>();
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
        stats.add(event.data.authorId);
        break;
      case 'PostLiked':
      case 'PostUnliked':
        stats.add(event.data.postAuthorId);
        break;
      case 'ProfileViewsCounted':
        stats.add(event.data.userId);
        break;
      case 'ProfileEdited':
      case 'ProfileCardSettingsChanged':
      case 'AvatarChanged':
      case 'BannerChanged':
      case 'ProfilePrivacyChanged':
        changed.add(event.data.userId);
        break;
      case 'AccountDeleted':
        gone.add(event.data.userId);
        break;
      default:
        break;
    }
  }
  return { stats, changed, gone };
}

async function readStats(db: Db, userIds: string[]): Promise<ProfileStatsPayload[]> {
  const rows = await db
    .selectFrom('profiles as p')
    .leftJoin('profile_stats as s', 's.user_id', 'p.user_id')
    .select([
      'p.user_id',
      'p.version as profile_version',
      's.posts',
      's.followers',
      's.following',
      's.likes',
      's.views',
      's.version as stats_version',
    ])
    .where('p.user_id', 'in', userIds)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    stats: {
      posts: row.posts ?? 0,
      followers: row.followers ?? 0,
      following: row.following ?? 0,
      likes: row.likes ?? 0,
      views: row.views ?? 0,
    },
    version: row.profile_version + (row.stats_version ?? 0),
  }));
}

/**
 * After commit, to the sockets of this process watching a profile: `profile:stats` with the
 * absolute counts and version when its stats moved, `profile:changed` with the version when the
 * profile itself did (each watcher refetches what it may see). Every watcher is checked again
 * first; one who may no longer open the profile stops watching it. The watchers of a deleted
 * member's profile are told it changed, and stop watching it.
 */
export function createProfilesPusher(): Pusher {
  const lastPushed = new Map<string, number>();
  return {
    name: 'profiles',
    async push(events, io: Server, db) {
      const { stats, changed, gone } = profileChangesOf(events);
      for (const userId of gone) {
        const room = profileRoom(userId);
        io.local.to(room).emit(profileLiveEvents.changed, { userId, version: GONE_VERSION });
        io.local.in(room).socketsLeave(room);
        lastPushed.delete(userId);
      }
      // Any watched profile's stats may have moved: the pushes are absolute and versioned, so a
      // watcher ignores counts no newer than its own, and a version pushed already is skipped.
      if (gone.size > 0) for (const userId of allWatchedProfiles(io)) stats.add(userId);
      const watched = [...new Set([...stats, ...changed])].filter((id) => isProfileWatched(io, id));
      if (watched.length === 0) return;
      const watchers = watched.flatMap((userId) =>
        profileWatchers(io, userId).map((w) => ({ userId, ...w })),
      );
      const reachable = await reachablePairs(db, watchers);
      for (const w of watchers) {
        if (!reachable.has(`${w.userId}:${w.viewerId}`)) {
          void io.sockets.sockets.get(w.socketId)?.leave(profileRoom(w.userId));
        }
      }
      for (const payload of await readStats(db, watched)) {
        const room = io.local.to(profileRoom(payload.userId));
        if (changed.has(payload.userId)) {
          room.emit(profileLiveEvents.changed, {
            userId: payload.userId,
            version: payload.version,
          });
        }
        if (stats.has(payload.userId) && (lastPushed.get(payload.userId) ?? -1) < payload.version) {
          lastPushed.delete(payload.userId);
          lastPushed.set(payload.userId, payload.version);
          if (lastPushed.size > REMEMBERED) lastPushed.delete(lastPushed.keys().next().value!);
          room.emit(profileLiveEvents.stats, payload);
        }
      }
    },
  };
}

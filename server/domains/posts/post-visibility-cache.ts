import type { EventData, EventType } from '../../../shared/events';
import type { ModuleDeps } from '../../core/module';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import { RelayedMap, type RelayedCache } from '../../realtime/relayed-cache';
import { pairKey, visiblePairs } from './post-watchers';

/** As the other relayed caches: past this without a complete read of the log, ask Postgres. */
const TRUST_MS = 3000;

/**
 * Events that change none of what `postVisible` reads (the post's row, friendships, grants,
 * blocks): the traffic of a hot post and of everyday use. Every other event drops the decisions
 * it may change: those about the post it names, those of the two members whose relation it
 * changes, or, when it can reach further (an erased account, a moderator's action, a restore),
 * all of them.
 */
const LEAVES_VISIBILITY = new Set<EventType>([
  'PostLiked',
  'PostUnliked',
  'PostShared',
  'PostSaved',
  'PostUnsaved',
  'PostViewed',
  'CommentAdded',
  'CommentEdited',
  'CommentDeleted',
  'CommentLiked',
  'CommentUnliked',
  'LinkPreviewAttached',
  'LinkPreviewRemoved',
  'MessageSent',
  'MessagesDelivered',
  'MessagesRead',
  'NotificationRead',
  'AllNotificationsRead',
  'PageViewed',
  'ProfileViewsCounted',
  'UserSignedIn',
  'UserSignedOut',
]);

/** Events that change one post's own row, and so whom that post admits, and no other's. */
const ONE_POST = new Set<EventType>([
  'PostDrafted',
  'PostPublished',
  'PostEdited',
  'PostPermissionsSet',
  'PostTrashed',
  'PostUntrashed',
  'PostDeleted',
]);

/**
 * Events between two members: a friendship or a block decides what each may see of the other's
 * posts and nothing of anyone else's, so only the two members' decisions go. Follows and friend
 * requests decide nothing, but dropping the two members' decisions costs a few misses and keeps
 * the rule simple to check.
 */
const TWO_MEMBERS_BY_TYPE: {
  [T in EventType]?: readonly [keyof EventData<T>, keyof EventData<T>];
} = {
  FriendRequestSent: ['fromUserId', 'toUserId'],
  FriendRequestAccepted: ['fromUserId', 'toUserId'],
  FriendRequestRejected: ['fromUserId', 'toUserId'],
  FriendRequestCancelled: ['fromUserId', 'toUserId'],
  FriendRemoved: ['userId', 'friendId'],
  FriendPermissionsChanged: ['userId', 'friendId'],
  MemberBlocked: ['userId', 'blockedUserId'],
  MemberUnblocked: ['userId', 'blockedUserId'],
  MemberFollowed: ['followerId', 'followeeId'],
  MemberUnfollowed: ['followerId', 'followeeId'],
};
const TWO_MEMBERS = new Map(Object.entries(TWO_MEMBERS_BY_TYPE)) as Map<
  string,
  readonly [string, string]
>;

const postGroup = (postId: string) => `post:${postId}`;
const viewerGroup = (userId: string) => `viewer:${userId}`;

interface Decision {
  postId: string;
  userId: string;
  visible: boolean;
}

/**
 * Whether each watcher may see a watched post, kept per process for the pushes of its counts and
 * comments: a post liked 500 times a second is pushed to its thousand watchers twenty times a
 * second, and asking Postgres each time (a visibility rule per watcher) cost it more than the
 * likes did. A like changes nobody's view of a post, so a decision holds until an event that may
 * change one arrives (`LEAVES_VISIBILITY` lists those that cannot); the relay hands the cache
 * every event before any pusher sees it, and this process's own commits before their command
 * answers, so a push never judges by a decision older than what it is about to push.
 */
export class PostVisibilityCache implements RelayedCache {
  readonly name = 'post-visibility';
  private readonly decisions: RelayedMap<string, Decision>;

  constructor(
    capacity: number,
    private readonly judge: typeof visiblePairs = visiblePairs,
    now?: () => number,
  ) {
    this.decisions = new RelayedMap({
      capacity,
      trustMs: TRUST_MS,
      now,
      groupOf: (decision) => [postGroup(decision.postId), viewerGroup(decision.userId)],
    });
  }

  /** `visiblePairs`, answered from the decisions kept and one read of those missing. */
  async visiblePairs(
    db: Db,
    pairs: readonly { id: string; userId: string }[],
  ): Promise<Set<string>> {
    const byKey = new Map(pairs.map((pair) => [pairKey(pair.id, pair.userId), pair]));
    const decided = await this.decisions.readMany([...byKey.keys()], async (missing) => {
      const asked = missing.map((key) => byKey.get(key)!);
      const visible = await this.judge(db, asked);
      return new Map(
        asked.map((pair) => {
          const key = pairKey(pair.id, pair.userId);
          return [key, { postId: pair.id, userId: pair.userId, visible: visible.has(key) }];
        }),
      );
    });
    const visible = new Set<string>();
    for (const [key, decision] of decided) if (decision.visible) visible.add(key);
    return visible;
  }

  invalidate(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (LEAVES_VISIBILITY.has(event.type)) continue;
      if (ONE_POST.has(event.type)) {
        this.decisions.deleteGroup(postGroup((event.data as { postId: string }).postId));
        continue;
      }
      const members = TWO_MEMBERS.get(event.type);
      if (members) {
        const data = event.data as Record<string, string>;
        for (const field of members) this.decisions.deleteGroup(viewerGroup(data[field]!));
        continue;
      }
      this.decisions.clear();
      return;
    }
  }

  readThrough(at: number): void {
    this.decisions.readThrough(at);
  }

  clear(): void {
    this.decisions.clear();
  }
}

const byDeps = new WeakMap<ModuleDeps, PostVisibilityCache>();

/** One per composed application: the cache the relay keeps and the pusher reads are the same. */
export function postVisibilityCache(deps: ModuleDeps): PostVisibilityCache {
  let cache = byDeps.get(deps);
  if (!cache) {
    cache = new PostVisibilityCache(deps.config.RELAYED_CACHE_ENTRIES);
    byDeps.set(deps, cache);
  }
  return cache;
}

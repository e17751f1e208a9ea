import fc from 'fast-check';
import type {
  CommunityPost,
  CommunityPostPage,
  Discussion,
  DiscussionPage,
  DiscussionReply,
  DiscussionThread,
} from '../../../shared/community-content';
import {
  discussionOrder,
  likeApplied,
  mergeDiscussion,
  mergePost,
  mergeReply,
  mergeThreadDiscussion,
  parseTags,
  removeDiscussion,
} from '../../../web/features/community-content/communityContentCache';

const author = { id: 'u1', username: 'ana', displayName: 'Ana', avatar: null };

const discussion = (id: string, fields: Partial<Discussion> = {}): Discussion => ({
  id,
  communityId: 'c1',
  title: `Discussion ${id}`,
  content: 'Words',
  author,
  timestamp: '2026-11-25T10:00:00.000Z',
  replies: 0,
  views: 0,
  tags: [],
  category: 'general',
  isSticky: false,
  isLocked: false,
  lastReply: null,
  lastActivityAt: '2026-11-25T10:00:00.000Z',
  version: 1,
  ...fields,
});

const post = (id: string, fields: Partial<CommunityPost> = {}): CommunityPost => ({
  id,
  communityId: 'c1',
  author,
  content: 'A post',
  mentions: [],
  timestamp: '2026-11-25T10:00:00.000Z',
  likes: 0,
  likedByMe: false,
  tags: [],
  category: 'general',
  isPinned: false,
  isAnnouncement: false,
  version: 1,
  ...fields,
});

const reply = (id: string): DiscussionReply => ({
  id,
  discussionId: 'd1',
  author,
  content: 'Reply',
  mentions: [],
  timestamp: '2026-11-25T11:00:00.000Z',
});

const at = (hour: number) => `2026-11-25T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('the cached discussion list', () => {
  it('puts a new discussion at its place on the first page only', () => {
    const first: DiscussionPage = {
      discussions: [discussion('b', { isSticky: true }), discussion('a')],
      nextCursor: null,
    };
    mergeDiscussion(first, discussion('c', { lastActivityAt: at(12) }), true);
    expect(first.discussions.map((d) => d.id)).toEqual(['b', 'c', 'a']);
    const later: DiscussionPage = { discussions: [discussion('a')], nextCursor: null };
    mergeDiscussion(later, discussion('z'), false);
    expect(later.discussions.map((d) => d.id)).toEqual(['a']);
  });

  it('keeps the newest version and moves a discussion a reply brought back up', () => {
    const page: DiscussionPage = {
      discussions: [discussion('b', { lastActivityAt: at(11) }), discussion('a', { version: 3 })],
      nextCursor: null,
    };
    mergeDiscussion(
      page,
      discussion('a', { version: 2, replies: 9, lastActivityAt: at(13) }),
      true,
    );
    expect(page.discussions.map((d) => [d.id, d.replies])).toEqual([
      ['b', 0],
      ['a', 0],
    ]);
    mergeDiscussion(
      page,
      discussion('a', { version: 4, replies: 1, lastActivityAt: at(13) }),
      true,
    );
    expect(page.discussions.map((d) => [d.id, d.replies])).toEqual([
      ['a', 1],
      ['b', 0],
    ]);
    removeDiscussion(page, 'a');
    expect(page.discussions.map((d) => d.id)).toEqual(['b']);
  });

  it('ends in the same list whatever order the pushes arrive in', () => {
    const pushes = [
      discussion('a', { version: 1 }),
      discussion('a', { version: 2, isLocked: true }),
      discussion('b', { version: 1, lastActivityAt: at(9) }),
      discussion('b', { version: 2, isSticky: true, lastActivityAt: at(9) }),
      discussion('c', { version: 1, lastActivityAt: at(12) }),
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(pushes, { minLength: 5, maxLength: 5 }), (order) => {
        const page: DiscussionPage = { discussions: [], nextCursor: null };
        for (const pushed of order) mergeDiscussion(page, pushed, true);
        expect(page.discussions.map((d) => [d.id, d.version])).toEqual([
          ['b', 2],
          ['c', 1],
          ['a', 2],
        ]);
        expect([...page.discussions].sort(discussionOrder)).toEqual(page.discussions);
      }),
    );
  });
});

describe('the cached thread', () => {
  const thread = (nextCursor: string | null = null): DiscussionThread => ({
    discussion: discussion('d1', { version: 2 }),
    replies: [reply('r1')],
    nextCursor,
  });

  it('adds a reply once, to the last loaded page only', () => {
    const last = thread();
    mergeReply(last, reply('r2'));
    mergeReply(last, reply('r2'));
    expect(last.replies.map((r) => r.id)).toEqual(['r1', 'r2']);
    const notLast = thread('more');
    mergeReply(notLast, reply('r2'));
    expect(notLast.replies.map((r) => r.id)).toEqual(['r1']);
  });

  it('takes a newer discussion only (a lock arriving after an older push stays)', () => {
    const held = thread();
    mergeThreadDiscussion(held, discussion('d1', { version: 3, isLocked: true }));
    mergeThreadDiscussion(held, discussion('d1', { version: 2, isLocked: false }));
    expect(held.discussion.isLocked).toBe(true);
  });
});

describe('the cached posts', () => {
  it('puts a new post first among the unpinned, and keeps the member’s own like on a push', () => {
    const page: CommunityPostPage = {
      posts: [post('p', { isPinned: true }), post('a', { likedByMe: true, likes: 1 })],
      nextCursor: null,
    };
    mergePost(page, post('n', { timestamp: at(12) }), true);
    expect(page.posts.map((p) => p.id)).toEqual(['p', 'n', 'a']);
    const { likedByMe: _mine, ...shared } = post('a', { likes: 2, version: 2 });
    mergePost(page, shared, true);
    expect(page.posts[2]).toMatchObject({ likes: 2, likedByMe: true, version: 2 });
    mergePost(page, { ...shared, likes: 7, version: 1 }, true);
    expect(page.posts[2]!.likes).toBe(2);
  });

  it('guesses a like at once, then takes the absolute answer unless a newer one is held', () => {
    const page: CommunityPostPage = { posts: [post('a', { likes: 3 })], nextCursor: null };
    likeApplied(page, { postId: 'a', like: true });
    likeApplied(page, { postId: 'a', like: true });
    expect(page.posts[0]).toMatchObject({ likes: 4, likedByMe: true });
    likeApplied(page, {
      postId: 'a',
      like: true,
      state: { postId: 'a', likes: 5, likedByMe: true, version: 2 },
    });
    expect(page.posts[0]).toMatchObject({ likes: 5, version: 2 });
    likeApplied(page, {
      postId: 'a',
      like: true,
      state: { postId: 'a', likes: 1, likedByMe: true, version: 1 },
    });
    expect(page.posts[0]).toMatchObject({ likes: 5, version: 2 });
  });
});

describe('tags from the form', () => {
  it('are split at commas, trimmed, non-empty and unique', () => {
    expect(parseTags(' react, ,help,react ,  ')).toEqual(['react', 'help']);
    expect(parseTags('')).toEqual([]);
  });
});

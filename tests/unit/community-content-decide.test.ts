import { communityContentMessages as m } from '../../shared/community-content';
import {
  replyToDiscussion,
  setDiscussionFlags,
  startDiscussion,
  viewDiscussion,
} from '../../server/domains/community-content/discussion-commands';
import {
  createCommunityPost,
  setCommunityPostLike,
} from '../../server/domains/community-content/post-commands';
import { ANA, BEN, decide, refusal, refusedAs } from './support/decide';

const COMMUNITY = '40000000-0000-4000-8000-000000000001';
const DISCUSSION = '50000000-0000-4000-8000-000000000001';
const REPLY = '50000000-0000-4000-8000-000000000002';
const POST = '60000000-0000-4000-8000-000000000001';

const access = (fields: Partial<{ visible: boolean; is_member: boolean; manages: boolean }>) => ({
  visible: true,
  is_member: true,
  manages: false,
  ...fields,
});

const discussion = (fields: object = {}) => ({
  id: DISCUSSION,
  community_id: COMMUNITY,
  author_id: BEN,
  title: 'Weekend plans',
  is_sticky: false,
  is_locked: false,
  stream_version: 1,
  ...access({}),
  ...fields,
});

const post = (fields: object = {}) => ({
  id: POST,
  community_id: COMMUNITY,
  author_id: BEN,
  is_pinned: false,
  is_announcement: false,
  stream_version: 1,
  ...access({}),
  ...fields,
});

const start = {
  actorId: ANA,
  communityId: COMMUNITY,
  discussionId: DISCUSSION,
  discussion: { title: 'T', content: 'C', tags: [], category: 'general' },
};

describe('starting a discussion', () => {
  it('is for members of a community they can read; others are refused', async () => {
    const decided = await decide(
      startDiscussion,
      { community: { id: COMMUNITY, name: 'Gardeners', seen: true, ...access({}) } },
      start,
    );
    expect(decided.appends).toEqual([
      { streamId: `discussion-${DISCUSSION}`, expectedVersion: 0, types: ['DiscussionStarted'] },
    ]);
    expect(
      await refusal(
        startDiscussion,
        {
          community: {
            id: COMMUNITY,
            name: 'Gardeners',
            seen: true,
            ...access({ is_member: false }),
          },
        },
        start,
      ),
    ).toEqual(refusedAs.forbidden('not-a-member', m.membersOnly));
    expect(
      await refusal(
        startDiscussion,
        {
          community: {
            id: COMMUNITY,
            name: 'Gardeners',
            seen: false,
            ...access({ visible: false }),
          },
        },
        start,
      ),
    ).toEqual(refusedAs.notFound(m.communityNotFound));
    // A restricted community one sees but does not belong to: members only, not missing.
    expect(
      await refusal(
        startDiscussion,
        {
          community: {
            id: COMMUNITY,
            name: 'Gardeners',
            seen: true,
            ...access({ visible: false, is_member: false }),
          },
        },
        start,
      ),
    ).toEqual(refusedAs.forbidden('not-a-member', m.membersOnly));
    expect(await refusal(startDiscussion, { community: undefined }, start)).toEqual(
      refusedAs.notFound(m.communityNotFound),
    );
  });
});

/** Nobody the text may name, and the mention email's context. */
const noMentions = {
  mentionable: [],
  mentionEmail: { template: null, authorName: 'Ana' },
};

/** Cyd, whom a text may name: `maySee` as the relations and community policies judged. */
const CY = '70000000-0000-4000-8000-000000000003';
const cyCandidate = (maySee: boolean) => ({
  mentionable: [{ memberId: CY, handle: 'cyd', username: 'Cyd', maySee, email: null }],
  mentionEmail: { template: null, authorName: 'Ana' },
});

describe('replying', () => {
  const when = {
    actorId: ANA,
    discussionId: DISCUSSION,
    replyId: REPLY,
    reply: { content: 'Hi' },
    publicUrl: 'https://agora.test',
  };

  it('appends the reply on its own stream, guarded against a lock at commit', async () => {
    const decided = await decide(
      replyToDiscussion,
      { discussion: discussion(), ...noMentions },
      when,
    );
    expect(decided.appends).toEqual([
      { streamId: `discussion-reply-${REPLY}`, expectedVersion: 0, types: ['DiscussionReplied'] },
    ]);
    expect(decided.guards).toBe(1);
    expect(decided.events[0]!.data).toMatchObject({ discussionAuthorId: BEN, authorId: ANA });
  });

  it('refuses a locked discussion, and non-members', async () => {
    expect(
      await refusal(
        replyToDiscussion,
        { discussion: discussion({ is_locked: true }), ...noMentions },
        when,
      ),
    ).toEqual(refusedAs.conflict('discussion-locked', m.locked));
    expect(
      await refusal(
        replyToDiscussion,
        { discussion: discussion({ is_member: false }), ...noMentions },
        when,
      ),
    ).toEqual(refusedAs.forbidden('not-a-member', m.membersOnly));
  });
});

describe('mentions in replies and community posts', () => {
  const reply = (content: string) => ({
    actorId: ANA,
    discussionId: DISCUSSION,
    replyId: REPLY,
    reply: { content },
    publicUrl: 'https://agora.test',
  });

  it('appends the list with the reply, and tells a member who may read the community', async () => {
    const decided = await decide(
      replyToDiscussion,
      { discussion: discussion(), ...cyCandidate(true) },
      reply('Ask @Cyd'),
    );
    expect(decided.appends[0]!.types).toEqual(['DiscussionReplied', 'CommunityMentionsSet']);
    expect(decided.events[1]!.data).toEqual({
      communityId: COMMUNITY,
      communityPostId: null,
      discussionId: DISCUSSION,
      replyId: REPLY,
      authorId: ANA,
      mentions: [{ memberId: CY, handle: 'cyd', notified: true }],
      notify: [CY],
    });
  });

  it('links a member who may not read it, and tells nobody; names nobody, appends nothing', async () => {
    const hidden = await decide(
      replyToDiscussion,
      { discussion: discussion(), ...cyCandidate(false) },
      reply('Ask @cyd'),
    );
    expect(hidden.events[1]!.data).toMatchObject({
      mentions: [{ memberId: CY, notified: false }],
      notify: [],
    });
    const none = await decide(
      replyToDiscussion,
      { discussion: discussion(), ...cyCandidate(true) },
      reply('Ask @nobody'),
    );
    expect(none.appends[0]!.types).toEqual(['DiscussionReplied']);
  });

  it('works the same on a community post', async () => {
    const decided = await decide(
      createCommunityPost,
      {
        community: { id: COMMUNITY, name: 'Gardeners', seen: true, ...access({}) },
        ...cyCandidate(true),
      },
      {
        actorId: ANA,
        communityId: COMMUNITY,
        postId: POST,
        post: { category: 'general' as const, content: 'Hello @cyd', tags: [] },
        publicUrl: 'https://agora.test',
      },
    );
    expect(decided.appends[0]!.types).toEqual(['CommunityPostCreated', 'CommunityMentionsSet']);
    expect(decided.events[1]!.data).toMatchObject({ communityPostId: POST, notify: [CY] });
  });
});

describe('flags', () => {
  it('are for managers, carry both flags whole, and change nothing when already so', async () => {
    const when = { actorId: ANA, discussionId: DISCUSSION, patch: { isLocked: true } };
    expect(await refusal(setDiscussionFlags, { discussion: discussion() }, when)).toEqual(
      refusedAs.forbidden('not-a-manager', m.managersOnly),
    );
    const decided = await decide(
      setDiscussionFlags,
      { discussion: discussion({ manages: true, is_sticky: true }) },
      when,
    );
    expect(decided.events[0]!.data).toMatchObject({ isSticky: true, isLocked: true });
    expect(decided.appends[0]!.expectedVersion).toBe(1);
    const same = await decide(
      setDiscussionFlags,
      { discussion: discussion({ manages: true, is_locked: true }) },
      when,
    );
    expect(same.appends).toEqual([]);
    expect(same.reply).toBe(true);
  });
});

describe('views', () => {
  it("count a member's first view, never the author's, and never twice", async () => {
    const when = { viewerId: ANA, discussionId: DISCUSSION };
    expect(
      (await decide(viewDiscussion, { discussion: discussion(), version: 0 }, when)).appends,
    ).toHaveLength(1);
    expect(
      (await decide(viewDiscussion, { discussion: discussion(), version: 1 }, when)).appends,
    ).toEqual([]);
    expect(
      (
        await decide(
          viewDiscussion,
          { discussion: discussion(), version: 0 },
          { ...when, viewerId: BEN },
        )
      ).appends,
    ).toEqual([]);
  });
});

describe('community posts', () => {
  const when = (category: 'general' | 'announcement') => ({
    actorId: ANA,
    communityId: COMMUNITY,
    postId: POST,
    post: { category, content: 'Hello', tags: [] },
    publicUrl: 'https://agora.test',
  });

  it('makes the announcement category an announcement, for managers only', async () => {
    expect(
      await refusal(
        createCommunityPost,
        {
          community: { id: COMMUNITY, name: 'Gardeners', seen: true, ...access({}) },
          ...noMentions,
        },
        when('announcement'),
      ),
    ).toEqual(refusedAs.forbidden('not-a-manager', m.announcementsManagersOnly));
    const decided = await decide(
      createCommunityPost,
      {
        community: { id: COMMUNITY, name: 'Gardeners', seen: true, ...access({ manages: true }) },
        ...noMentions,
      },
      when('announcement'),
    );
    expect(decided.events[0]!.data).toMatchObject({ isAnnouncement: true });
  });

  it('likes idempotently on the member’s own stream of the post', async () => {
    const like = { actorId: ANA, postId: POST, like: true };
    const decided = await decide(
      setCommunityPostLike,
      { post: post(), liked: false, version: 2 },
      like,
    );
    expect(decided.appends).toEqual([
      {
        streamId: `community-post-like-${POST}-${ANA}`,
        expectedVersion: 2,
        types: ['CommunityPostLiked'],
      },
    ]);
    expect(
      (await decide(setCommunityPostLike, { post: post(), liked: true, version: 3 }, like)).appends,
    ).toEqual([]);
    expect(
      await refusal(
        setCommunityPostLike,
        { post: post({ is_member: false }), liked: false, version: 0 },
        like,
      ),
    ).toEqual(refusedAs.forbidden('not-a-member', m.membersOnly));
  });
});

import { postsMessages } from '../../shared/posts';
import { repostsMessages } from '../../shared/reposts';
import { setRepost, type RepostRead } from '../../server/domains/reposts/commands';
import { quoteEvents, type QuotedRead } from '../../server/domains/reposts/quote-decision';
import { ANA, BEN, decide, refusal, refusedAs } from './support/decide';

const POST = '20000000-0000-4000-8000-000000000001';
const QUOTE = '20000000-0000-4000-8000-000000000002';

/** Ana's published post as Ben's repost reads it. */
const anasPost = (over: Partial<RepostRead> = {}): RepostRead => ({
  id: POST,
  author_id: ANA,
  status: 'published',
  allow_sharing: true,
  visible: true,
  share_admitted: true,
  reposted: false,
  version: 0,
  ...over,
});

describe('reposting', () => {
  it("appends PostReposted on the member's repost stream, under the feed-order lock", async () => {
    const reposted = await decide(
      setRepost,
      { post: anasPost({ version: 2 }) },
      { userId: BEN, postId: POST, repost: true },
    );
    expect(reposted).toMatchObject({
      appends: [
        { streamId: `post-repost-${POST}-${BEN}`, expectedVersion: 2, types: ['PostReposted'] },
      ],
      events: [{ type: 'PostReposted', data: { postId: POST, userId: BEN, postAuthorId: ANA } }],
      guards: 1,
      reply: true,
    });
  });

  it('is idempotent both ways: nothing is appended when the state is already so', async () => {
    const again = await decide(
      setRepost,
      { post: anasPost({ reposted: true, version: 1 }) },
      { userId: BEN, postId: POST, repost: true },
    );
    expect(again).toMatchObject({ appends: [], reply: true });
    const never = await decide(
      setRepost,
      { post: anasPost() },
      { userId: BEN, postId: POST, repost: false },
    );
    expect(never).toMatchObject({ appends: [], reply: true });
  });

  it('undoes with RepostUndone, taking no lock', async () => {
    const undone = await decide(
      setRepost,
      { post: anasPost({ reposted: true, version: 1 }) },
      { userId: BEN, postId: POST, repost: false },
    );
    expect(undone).toMatchObject({
      appends: [{ expectedVersion: 1, types: ['RepostUndone'] }],
      guards: 0,
    });
  });

  it('refuses a post the member may not see as missing, a draft, and sharing turned off', async () => {
    const when = { userId: BEN, postId: POST, repost: true };
    expect(await refusal(setRepost, { post: undefined }, when)).toEqual(
      refusedAs.notFound(postsMessages.postNotFound),
    );
    expect(await refusal(setRepost, { post: anasPost({ visible: false }) }, when)).toEqual(
      refusedAs.notFound(postsMessages.postNotFound),
    );
    expect(await refusal(setRepost, { post: anasPost({ status: 'draft' }) }, when)).toEqual(
      refusedAs.invalid('not-published', repostsMessages.notPublished),
    );
    expect(await refusal(setRepost, { post: anasPost({ allow_sharing: false }) }, when)).toEqual(
      refusedAs.forbidden('sharing-off', postsMessages.sharingOff),
    );
    expect(await refusal(setRepost, { post: anasPost({ share_admitted: false }) }, when)).toEqual(
      refusedAs.forbidden('sharing-not-allowed', postsMessages.sharingNotAllowed),
    );
  });

  it('lets a member undo a repost of a post they could repost no longer', async () => {
    const undone = await decide(
      setRepost,
      { post: anasPost({ reposted: true, version: 1, allow_sharing: false }) },
      { userId: BEN, postId: POST, repost: false },
    );
    expect(undone.events.map((e) => e.type)).toEqual(['RepostUndone']);
  });
});

describe('quoting', () => {
  const quoted = (over: Partial<QuotedRead> = {}): QuotedRead => ({
    id: POST,
    author_id: ANA,
    visible: true,
    friends: false,
    ...over,
  });
  const quote = {
    postId: QUOTE,
    authorId: BEN,
    status: 'published',
    visibility: 'public',
  } as const;

  it('quotes nothing when the post names no original', () => {
    expect(quoteEvents(null, quote)).toEqual([]);
  });

  it("tells the original's author when they may see the quote", () => {
    expect(quoteEvents(quoted(), quote)).toEqual([
      {
        type: 'PostQuoted',
        data: { postId: POST, userId: BEN, postAuthorId: ANA, quotePostId: QUOTE, notify: true },
      },
    ]);
    const friendsOnly = { ...quote, visibility: 'friendsOnly' } as const;
    expect(quoteEvents(quoted(), friendsOnly)[0]!.data).toMatchObject({ notify: false });
    expect(quoteEvents(quoted({ friends: true }), friendsOnly)[0]!.data).toMatchObject({
      notify: true,
    });
  });

  it('refuses an original the author may not see, and a quote not published at once', () => {
    expect(() => quoteEvents(quoted({ visible: false }), quote)).toThrow(
      repostsMessages.quoteUnavailable,
    );
    expect(() => quoteEvents(quoted(), { ...quote, status: 'draft' })).toThrow(
      repostsMessages.quoteNotPublished,
    );
  });
});

import { postsMessages } from '../../shared/posts';
import { repostsMessages } from '../../shared/reposts';
import { setRepost, type RepostRead } from '../../server/domains/reposts/commands';
import { quoteOutcome, type QuotedRead } from '../../server/domains/reposts/quote-decision';
import { quoteDeletedEvents } from '../../server/domains/reposts/quote-deleted';
import type { PostEmailContext } from '../../server/domains/posts/post-notifications';
import { quoteTemplate, repostTemplate } from '../../server/domains/email/templates';
import { ANA, BEN, decide, refusal, refusedAs, storedTemplate } from './support/decide';

const POST = '20000000-0000-4000-8000-000000000001';
const QUOTE = '20000000-0000-4000-8000-000000000002';
const PUBLIC_URL = 'https://agora.example';

/** What the original's author's email needs, when they turned it on (or not: no address). */
const emailContext = (
  template: Parameters<typeof storedTemplate>[0],
  wanted = true,
): PostEmailContext => ({
  template: storedTemplate(template),
  recipientEmail: wanted ? 'ana@example.com' : null,
  actorName: 'Ben',
  postTitle: 'Harbour notes',
});

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
  email: emailContext(repostTemplate, false),
  ...over,
});

describe('reposting', () => {
  it("appends PostReposted on the member's repost stream, under the feed-order lock", async () => {
    const reposted = await decide(
      setRepost,
      { post: anasPost({ version: 2 }) },
      { userId: BEN, postId: POST, repost: true, publicUrl: PUBLIC_URL },
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
      { userId: BEN, postId: POST, repost: true, publicUrl: PUBLIC_URL },
    );
    expect(again).toMatchObject({ appends: [], reply: true });
    const never = await decide(
      setRepost,
      { post: anasPost() },
      { userId: BEN, postId: POST, repost: false, publicUrl: PUBLIC_URL },
    );
    expect(never).toMatchObject({ appends: [], reply: true });
  });

  it('undoes with RepostUndone, taking no lock', async () => {
    const undone = await decide(
      setRepost,
      { post: anasPost({ reposted: true, version: 1 }) },
      { userId: BEN, postId: POST, repost: false, publicUrl: PUBLIC_URL },
    );
    expect(undone).toMatchObject({
      appends: [{ expectedVersion: 1, types: ['RepostUndone'] }],
      guards: 0,
    });
  });

  it('refuses a post the member may not see as missing, a draft, and sharing turned off', async () => {
    const when = { userId: BEN, postId: POST, repost: true, publicUrl: PUBLIC_URL };
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

  it("queues the Repost email on a member's first repost when the author turned it on, and only then", async () => {
    const when = { userId: BEN, postId: POST, repost: true, publicUrl: PUBLIC_URL };
    const wanted = emailContext(repostTemplate);
    const first = await decide(setRepost, { post: anasPost({ email: wanted }) }, when);
    expect(first.effects).toBeGreaterThan(0);
    // Off by default (no address read), again after an undo, and never for one's own post.
    expect((await decide(setRepost, { post: anasPost() }, when)).effects).toBe(0);
    const again = await decide(setRepost, { post: anasPost({ email: wanted, version: 2 }) }, when);
    expect(again.effects).toBe(0);
    const own = await decide(
      setRepost,
      { post: anasPost({ email: wanted }) },
      { ...when, userId: ANA },
    );
    expect(own.effects).toBe(0);
  });

  it('lets a member undo a repost of a post they could repost no longer', async () => {
    const undone = await decide(
      setRepost,
      { post: anasPost({ reposted: true, version: 1, allow_sharing: false }) },
      { userId: BEN, postId: POST, repost: false, publicUrl: PUBLIC_URL },
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
    email: emailContext(quoteTemplate, false),
    ...over,
  });
  const quote = {
    postId: QUOTE,
    authorId: BEN,
    status: 'published',
    visibility: 'public',
  } as const;

  it('quotes nothing when the post names no original', () => {
    expect(quoteOutcome(null, quote, PUBLIC_URL)).toEqual({ events: [], effects: [] });
  });

  it("tells the original's author when they may see the quote", () => {
    expect(quoteOutcome(quoted(), quote, PUBLIC_URL).events).toEqual([
      {
        type: 'PostQuoted',
        data: { postId: POST, userId: BEN, postAuthorId: ANA, quotePostId: QUOTE, notify: true },
      },
    ]);
    const friendsOnly = { ...quote, visibility: 'friendsOnly' } as const;
    expect(quoteOutcome(quoted(), friendsOnly, PUBLIC_URL).events[0]!.data).toMatchObject({
      notify: false,
    });
    expect(
      quoteOutcome(quoted({ friends: true }), friendsOnly, PUBLIC_URL).events[0]!.data,
    ).toMatchObject({
      notify: true,
    });
  });

  it('refuses an original the author may not see, and a quote not published at once', () => {
    expect(() => quoteOutcome(quoted({ visible: false }), quote, PUBLIC_URL)).toThrow(
      repostsMessages.quoteUnavailable,
    );
    expect(() => quoteOutcome(quoted(), { ...quote, status: 'draft' }, PUBLIC_URL)).toThrow(
      repostsMessages.quoteNotPublished,
    );
  });

  it('queues the Quote email when the author is told and turned it on', () => {
    const wanted = quoted({ email: emailContext(quoteTemplate) });
    expect(quoteOutcome(wanted, quote, PUBLIC_URL).effects.length).toBeGreaterThan(0);
    expect(quoteOutcome(quoted(), quote, PUBLIC_URL).effects).toEqual([]);
    const friendsOnly = { ...quote, visibility: 'friendsOnly' } as const;
    expect(quoteOutcome(wanted, friendsOnly, PUBLIC_URL).effects).toEqual([]);
    const own = { ...quote, authorId: ANA };
    expect(quoteOutcome(wanted, own, PUBLIC_URL).effects).toEqual([]);
  });
});

describe('deleting a quote', () => {
  const post = { id: QUOTE, author_id: BEN };

  it('tells QuoteDeleted of the original it quoted, and whether the member quotes it still', () => {
    expect(
      quoteDeletedEvents(post, { postId: POST, postAuthorId: ANA, stillQuotes: false }),
    ).toEqual([
      {
        type: 'QuoteDeleted',
        data: {
          postId: POST,
          userId: BEN,
          postAuthorId: ANA,
          quotePostId: QUOTE,
          stillQuotes: false,
        },
      },
    ]);
  });

  it('tells nothing of a post that quotes none, or whose original is gone', () => {
    expect(quoteDeletedEvents(post, null)).toEqual([]);
  });
});

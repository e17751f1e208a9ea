import { historyMessages } from '../../shared/content/history';
import { postsMessages } from '../../shared/posts';
import { MetricsBatcher, type MetricCounts } from '../../server/domains/content-history/analytics';
import { commentRestoreEvents } from '../../server/domains/content-history/backup-commands';
import { cleanupTrash } from '../../server/domains/content-history/cleanup';
import { checkHistoryAccess } from '../../server/domains/content-history/access';
import { restoreVersion } from '../../server/domains/content-history/version-commands';
import { ANA, BEN, by, CAT, decide, refusal, refusedAs, type StateOf } from './support/decide';
import { aPostRow } from './support/post-row';

const POST = '20000000-0000-4000-8000-000000000001';
const comment = (n: number) => `30000000-0000-4000-8000-00000000000${n}`;

describe('who may use a record’s history', () => {
  const post = { author_id: ANA, visible: true, actor_is_owner: false };

  it('lets the author and owners in, refuses a reader, hides it from everyone else', () => {
    expect(checkHistoryAccess(post, ANA)).toBe(post);
    expect(checkHistoryAccess({ ...post, visible: false, actor_is_owner: true }, BEN)).toBeTruthy();
    expect(() => checkHistoryAccess(post, BEN)).toThrow(historyMessages.notYours);
    expect(() => checkHistoryAccess({ ...post, visible: false }, BEN)).toThrow(
      postsMessages.postNotFound,
    );
    expect(() => checkHistoryAccess(undefined, ANA)).toThrow(postsMessages.postNotFound);
  });
});

describe('restoring comments', () => {
  const snap = (n: number, parent: number | null, content = `c${n}`, depth = 0) => ({
    commentId: comment(n),
    parentId: parent === null ? null : comment(parent),
    authorId: BEN,
    depth,
    content,
  });
  const now = (n: number, parent: number | null, content = `c${n}`, version = 1) => ({
    id: comment(n),
    parent_id: parent === null ? null : comment(parent),
    content,
    stream_version: version,
  });

  it('re-adds, reverts and removes so the comments equal the snapshot', () => {
    const { readded, reverted, removed } = commentRestoreEvents(
      POST,
      ANA,
      [snap(1, null), snap(2, 1, 'c2', 1), snap(3, null, 'before')],
      [now(3, null, 'after', 2), now(4, null), now(5, 4), now(6, 3)],
      { [comment(1)]: 2, [comment(2)]: 1, [comment(3)]: 2 },
    );
    expect(readded.map((a) => [a.streamId, a.version, a.event.type])).toEqual([
      [`comment-${comment(1)}`, 2, 'CommentAdded'],
      [`comment-${comment(2)}`, 1, 'CommentAdded'],
    ]);
    expect(reverted.map((a) => [a.version, a.event.data])).toEqual([
      [2, { postId: POST, commentId: comment(3), content: 'before' }],
    ]);
    // Comment 5 goes with its parent 4; 6 replies to a kept comment and goes on its own.
    expect(removed.map((a) => a.streamId)).toEqual([
      `comment-${comment(4)}`,
      `comment-${comment(6)}`,
    ]);
  });

  it('leaves out a reply whose parent is no longer in the snapshot', () => {
    const { readded } = commentRestoreEvents(POST, ANA, [snap(2, 1, 'orphan', 1)], [], {});
    expect(readded).toEqual([]);
  });
});

describe('cleanup', () => {
  const due = (n: number) => ({ id: comment(n), author_id: ANA, stream_version: 3, quoted: null });
  const cutoff = new Date('2026-11-01T00:00:00.000Z');

  it('purges what is due, one PostDeleted per post at the version read', async () => {
    const decided = await decide(
      cleanupTrash,
      { actorIsOwner: false, due: [due(1), due(2)] },
      { actorId: ANA, userId: null, cutoff },
      by(ANA),
    );
    expect(decided.appends).toEqual([
      { streamId: `post-${comment(1)}`, expectedVersion: 3, types: ['PostDeleted'] },
      { streamId: `post-${comment(2)}`, expectedVersion: 3, types: ['PostDeleted'] },
    ]);
    expect(decided.result).toEqual({ deletedCount: 2, hasMore: false });
  });

  it('tells QuoteDeleted after the PostDeleted of a quote', async () => {
    const quoted = { postId: POST, postAuthorId: CAT, stillQuotes: false };
    const decided = await decide(
      cleanupTrash,
      { actorIsOwner: false, due: [{ ...due(1), quoted }] },
      { actorId: ANA, userId: null, cutoff },
      by(ANA),
    );
    expect(decided.appends[0]!.types).toEqual(['PostDeleted', 'QuoteDeleted']);
    expect(decided.events[1]!.data).toEqual({
      postId: POST,
      userId: ANA,
      postAuthorId: CAT,
      quotePostId: comment(1),
      stillQuotes: false,
    });
  });

  it('refuses a member another member’s trash', async () => {
    expect(
      await refusal(
        cleanupTrash,
        { actorIsOwner: false, due: [] },
        { actorId: ANA, userId: CAT, cutoff },
        by(ANA),
      ),
    ).toEqual(refusedAs.forbidden('not-owner', historyMessages.cleanupOthers));
  });
});

describe('the analytics batcher', () => {
  it('adds hits per post and day, and keeps a batch the database refused', async () => {
    const written: MetricCounts[][] = [];
    let fail = true;
    const batcher = new MetricsBatcher(
      async (batch) => {
        if (fail) throw new Error('database down');
        written.push(batch.map((b) => ({ ...b, counts: { ...b.counts } })));
      },
      () => new Date('2026-11-25T23:59:00.000Z'),
    );
    batcher.record(POST, 'view', 2);
    batcher.record(POST, 'view', 3);
    batcher.record(POST, 'click', 1);
    await expect(batcher.flush()).rejects.toThrow('database down');
    fail = false;
    batcher.record(POST, 'view', 1);
    await batcher.flush();
    expect(written).toEqual([[{ postId: POST, day: '2026-11-25', counts: { view: 6, click: 1 } }]]);
    await batcher.flush();
    expect(written).toHaveLength(1);
  });
});

describe('the mentions of a restored version', () => {
  type State = StateOf<typeof restoreVersion>;
  const post = (over: Partial<NonNullable<State['post']>> = {}): NonNullable<State['post']> => ({
    ...aPostRow(POST, ANA),
    content: 'Now with @ben',
    mentions: [{ memberId: BEN, handle: 'ben', notified: true }],
    stream_version: 2,
    visible: true,
    actor_is_owner: false,
    media_ids: [],
    ...over,
  });
  const kept = (content: string) => ({
    fields: {
      title: 'Hello',
      content,
      excerpt: '',
      featuredImage: null,
      location: null,
      visibility: 'public' as const,
      categories: [],
      tags: [],
      seoTitle: '',
      seoDescription: '',
      allowComments: true,
      allowSharing: true,
      mediaIds: [],
      contentType: 'post' as const,
    },
  });
  const given = (over: Partial<State>): State => ({
    post: post(),
    kept: kept('Plain'),
    mentionable: [
      { memberId: BEN, handle: 'ben', username: 'Ben', maySee: true, email: null },
      { memberId: CAT, handle: 'cat', username: 'Cat', maySee: true, email: null },
    ],
    mentionEmail: { template: null, authorName: 'Ana' },
    ...over,
  });
  const when = { actorId: ANA, postId: POST, version: 1, publicUrl: 'https://agora.test' };

  it('withdraws the notification of a member the restored text no longer names', async () => {
    const decided = await decide(restoreVersion, given({}), when, by(ANA));
    expect(decided.events.map((e) => e.type)).toEqual(['PostEdited', 'MentionsSet']);
    expect(decided.events[1]!.data).toMatchObject({ mentions: [], notify: [], withdraw: [BEN] });
  });

  it('tells a member the restored text names anew, once, and nobody while it is in the trash', async () => {
    const restored = await decide(restoreVersion, given({ kept: kept('@ben and @cat') }), when);
    expect(restored.events[1]!.data).toMatchObject({
      mentions: [
        { memberId: BEN, notified: true },
        { memberId: CAT, notified: true },
      ],
      notify: [CAT],
      withdraw: [],
    });
    const trashed = await decide(
      restoreVersion,
      given({ kept: kept('@ben and @cat'), post: post({ deleted_at: new Date() }) }),
      when,
    );
    expect(trashed.events[1]!.data).toMatchObject({ notify: [] });
  });
});

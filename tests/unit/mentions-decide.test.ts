import { decideMentions, type MentionsInput } from '../../server/domains/mentions/mention-decision';

const ANA = '10000000-0000-4000-8000-000000000001';
const BO = '10000000-0000-4000-8000-000000000002';
const CY = '10000000-0000-4000-8000-000000000003';
const POST = '20000000-0000-4000-8000-000000000001';

/** Ana writes; Bo may see what she publishes, Cy may not. */
const given = (over: Partial<MentionsInput>): MentionsInput => ({
  postId: POST,
  commentId: null,
  authorId: ANA,
  content: '',
  previous: [],
  candidates: [
    { memberId: BO, handle: 'bob', maySee: true },
    { memberId: CY, handle: 'cyd', maySee: false },
    { memberId: ANA, handle: 'ana', maySee: true },
  ],
  published: true,
  ...over,
});

describe('deciding mentions', () => {
  it('names members by handle and tells those who may see it, never the author', () => {
    expect(decideMentions(given({ content: '@Bob @cyd @ana @nobody' }))).toEqual({
      postId: POST,
      commentId: null,
      authorId: ANA,
      mentions: [
        { memberId: BO, handle: 'bob', notified: true },
        { memberId: CY, handle: 'cyd', notified: false },
        { memberId: ANA, handle: 'ana', notified: false },
      ],
      notify: [BO],
      withdraw: [],
    });
  });

  it('tells nobody while the text is unpublished, and changes nothing when nothing changed', () => {
    const draft = decideMentions(given({ content: '@bob', published: false }));
    expect(draft).toMatchObject({ notify: [], mentions: [{ memberId: BO, notified: false }] });
    expect(
      decideMentions(given({ content: '@bob', published: false, previous: draft!.mentions })),
    ).toBeNull();
  });

  it('tells a member once, however often the text is edited', () => {
    const previous = [{ memberId: BO, handle: 'bob', notified: true }];
    expect(decideMentions(given({ content: '@bob again', previous }))).toBeNull();
  });

  it('keeps the member an old handle named after a rename, and a newcomer with that name is not named', () => {
    const previous = [{ memberId: BO, handle: 'oldname', notified: true }];
    const newcomer = { memberId: CY, handle: 'oldname', maySee: true };
    const decided = decideMentions(
      given({
        content: '@oldname',
        previous,
        candidates: [{ memberId: BO, handle: 'bob', maySee: true }, newcomer],
      }),
    );
    expect(decided).toBeNull();
  });

  it('withdraws the notification of a member no longer mentioned', () => {
    const previous = [
      { memberId: BO, handle: 'bob', notified: true },
      { memberId: CY, handle: 'cyd', notified: false },
    ];
    expect(decideMentions(given({ content: 'nobody', previous }))).toMatchObject({
      mentions: [],
      notify: [],
      withdraw: [BO],
    });
  });
});

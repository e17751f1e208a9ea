import { moderationMessages as m, suspendedMessage } from '../../shared/moderation';
import {
  appointModerator,
  moderate,
  reportContent,
  type ModerationInput,
} from '../../server/domains/moderation/commands';
import { refuseIfSuspended } from '../../server/domains/moderation/suspension';
import type { Target } from '../../server/domains/moderation/targets';
import { ANA, BEN, CAT, decide, refusal, refusedAs } from './support/decide';

const POST = '20000000-0000-4000-8000-000000000001';
const REPORT = '30000000-0000-4000-8000-000000000001';

/** BEN's public post, as ANA sees it. */
const post = (fields: Partial<Target> = {}): Target => ({
  targetType: 'post',
  targetId: POST,
  postId: POST,
  authorId: BEN,
  authorRole: 'member',
  visible: true,
  excerpt: 'A post',
  ...fields,
});

const reporting = {
  reporterId: ANA,
  reportId: REPORT,
  report: { targetType: 'post' as const, targetId: POST, reason: 'spam' as const },
};

describe('reporting content', () => {
  it('files one report of content the member may see', async () => {
    const decision = await decide(reportContent, { version: 0, target: post() }, reporting);
    expect(decision.appends).toEqual([
      { streamId: `report-${POST}-${ANA}`, expectedVersion: 0, types: ['ContentReported'] },
    ]);
    expect(decision.events[0]!.data).toMatchObject({ note: null, authorId: BEN, postId: POST });
  });

  it('refuses a second report, one own content, and what the member may not see', async () => {
    expect(await refusal(reportContent, { version: 1, target: post() }, reporting)).toEqual(
      refusedAs.conflict('already-reported', m.alreadyReported),
    );
    expect(
      await refusal(reportContent, { version: 0, target: post({ authorId: ANA }) }, reporting),
    ).toEqual(refusedAs.forbidden('own-content', m.ownContent));
    expect(
      await refusal(reportContent, { version: 0, target: post({ visible: false }) }, reporting),
    ).toEqual(refusedAs.notFound(m.notFound));
    expect(await refusal(reportContent, { version: 0, target: null }, reporting)).toEqual(
      refusedAs.notFound(m.notFound),
    );
  });
});

const acting = (fields: Partial<ModerationInput> = {}): ModerationInput => ({
  moderatorId: CAT,
  moderatorRole: 'moderator',
  targetType: 'post',
  targetId: POST,
  action: 'hide',
  reason: 'Spam',
  ...fields,
});

const given = (target: Target | null = post()) => ({
  target,
  member: null,
  contentVersion: 2,
  memberVersion: 5,
});

describe('moderator actions', () => {
  it('hides content with one event on its moderation stream, read back as its audit entry', async () => {
    const decision = await decide(moderate, given(), acting());
    expect(decision.appends).toEqual([
      { streamId: `moderation-${POST}`, expectedVersion: 2, types: ['ContentModerated'] },
    ]);
    expect(decision.events[0]!.data).toMatchObject({ moderatorId: CAT, action: 'hide' });
    expect(decision.reply).toBe(true);
  });

  it("warns and suspends the content's author on their stream; a suspension ends sessions", async () => {
    const warned = await decide(moderate, given(), acting({ action: 'warn' }));
    expect(warned.appends[0]).toMatchObject({
      streamId: `moderation-member-${BEN}`,
      types: ['MemberWarned'],
    });
    expect(warned.effects).toBe(0);
    const suspended = await decide(moderate, given(), acting({ action: 'suspend', days: 2 }));
    expect(suspended.appends[0]!.types).toEqual(['MemberSuspended']);
    expect(suspended.effects).toBe(1);
    const until = (suspended.events[0]!.data as { until: string }).until;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(47 * 3600 * 1000);
    const forever = await decide(moderate, given(), acting({ action: 'suspend' }));
    expect((forever.events[0]!.data as { until: null }).until).toBeNull();
  });

  it('refuses acting on oneself, a moderator on an owner, and mismatched input', async () => {
    expect(await refusal(moderate, given(post({ authorId: CAT })), acting())).toEqual(
      refusedAs.forbidden('own-content', m.ownModeration),
    );
    expect(await refusal(moderate, given(post({ authorRole: 'owner' })), acting())).toEqual(
      refusedAs.forbidden('owner-protected', m.ownerProtected),
    );
    await decide(
      moderate,
      given(post({ authorRole: 'owner' })),
      acting({ moderatorRole: 'owner' }),
    );
    expect((await refusal(moderate, given(), acting({ days: 3 }))).code).toBe(
      'days-only-for-suspend',
    );
    expect(
      (await refusal(moderate, given(null), acting({ targetType: 'member', action: 'hide' }))).code,
    ).toBe('member-target-action');
    expect(await refusal(moderate, given(null), acting())).toEqual(refusedAs.notFound(m.notFound));
  });
});

describe('moderators and suspensions', () => {
  it('appoints a member once and refuses an owner', async () => {
    const member = { id: BEN, role: 'member' as const };
    const appointed = await decide(
      appointModerator,
      { version: 3, member },
      { ownerId: ANA, userId: BEN },
    );
    expect(appointed.appends).toEqual([
      { streamId: `user-${BEN}`, expectedVersion: 3, types: ['ModeratorAppointed'] },
    ]);
    const again = await decide(
      appointModerator,
      { version: 4, member: { id: BEN, role: 'moderator' } },
      { ownerId: ANA, userId: BEN },
    );
    expect(again.appends).toEqual([]);
    expect(
      (
        await refusal(
          appointModerator,
          { version: 1, member: { id: BEN, role: 'owner' } },
          { ownerId: ANA, userId: BEN },
        )
      ).code,
    ).toBe('already-owner');
  });

  it('refuses sign-in while a suspension runs, with its end and reason', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(() => refuseIfSuspended({ until: '2026-11-28T12:00:00Z', reason: 'Spam' }, now)).toThrow(
      'Your account is suspended until 2026-11-28: Spam',
    );
    expect(() => refuseIfSuspended({ until: null, reason: 'Abuse' }, now)).toThrow(
      suspendedMessage(null, 'Abuse'),
    );
    expect(() =>
      refuseIfSuspended({ until: '2026-11-24T12:00:00Z', reason: 'Spam' }, now),
    ).not.toThrow();
    expect(() => refuseIfSuspended(null, now)).not.toThrow();
  });
});

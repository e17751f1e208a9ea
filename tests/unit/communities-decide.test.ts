import { communityRefusals as r } from '../../shared/communities';
import {
  checkManager,
  joinCommunity,
  joinStatus,
  leaveCommunity,
  manageMember,
  type ManageInput,
} from '../../server/domains/communities/commands';
import { inviteMembers } from '../../server/domains/communities/invite-command';
import { communityInvitationTemplate } from '../../server/domains/email/templates';
import { ANA, BEN, CAT, decide, refusal, refusedAs, storedTemplate } from './support/decide';

const COMMUNITY = '40000000-0000-4000-8000-000000000001';
const community = (privacy: 'public' | 'restricted' | 'private') => ({
  id: COMMUNITY,
  name: 'Quokka Fans',
  privacy,
});

describe('joining', () => {
  it('is at once in public, on approval in restricted, by invitation in private', () => {
    expect(joinStatus('public', null)).toBe('active');
    expect(joinStatus('restricted', null)).toBe('pending');
    expect(joinStatus('restricted', { byManager: false })).toBe('pending');
    expect(joinStatus('restricted', { byManager: true })).toBe('active');
    expect(joinStatus('private', { byManager: true })).toBe('active');
    expect(() => joinStatus('private', null)).toThrow(r.invitationRequired);
  });

  it('appends to the member’s own stream, and refuses a second join', async () => {
    const given = {
      version: 0,
      community: community('restricted'),
      membership: undefined,
      invitation: undefined,
    };
    const decided = await decide(joinCommunity, given, { communityId: COMMUNITY, userId: BEN });
    expect(decided.appends).toEqual([
      {
        streamId: `community-member-${COMMUNITY}-${BEN}`,
        expectedVersion: 0,
        types: ['CommunityJoined'],
      },
    ]);
    expect(decided.events[0]?.data).toMatchObject({ status: 'pending' });
    expect(
      await refusal(
        joinCommunity,
        { ...given, membership: { role: 'member', status: 'pending' } },
        { communityId: COMMUNITY, userId: BEN },
      ),
    ).toEqual(refusedAs.conflict('request-pending', r.requestPending));
    expect(
      await refusal(
        joinCommunity,
        { ...given, community: undefined },
        { communityId: COMMUNITY, userId: BEN },
      ),
    ).toEqual(refusedAs.notFound(r.notFound));
  });

  it('checks the last admin at commit when an admin leaves', async () => {
    const leaving = (role: 'admin' | 'member') =>
      decide(
        leaveCommunity,
        { version: 2, community: community('public'), membership: { role, status: 'active' } },
        { communityId: COMMUNITY, userId: ANA },
      );
    expect((await leaving('admin')).guards).toBe(2);
    expect((await leaving('member')).guards).toBe(0);
  });
});

describe('managing members', () => {
  const input = (action: ManageInput['action'], userId = BEN) => ({
    actorId: ANA,
    userId,
    action,
  });
  const active = (role: 'admin' | 'moderator' | 'member') => ({ role, status: 'active' as const });

  it('is for active admins and moderators only', () => {
    expect(() => checkManager(null, active('member'), input({ kind: 'remove' }))).toThrow(
      r.managersOnly,
    );
    expect(() => checkManager('vip', active('member'), input({ kind: 'remove' }))).toThrow(
      r.managersOnly,
    );
    expect(() =>
      checkManager('moderator', active('member'), input({ kind: 'remove' })),
    ).not.toThrow();
  });

  it('keeps moderators from touching an admin or making one', () => {
    expect(() => checkManager('moderator', active('admin'), input({ kind: 'remove' }))).toThrow(
      r.adminProtected,
    );
    expect(() =>
      checkManager('moderator', active('member'), input({ kind: 'role', role: 'admin' })),
    ).toThrow(r.adminProtected);
    expect(() =>
      checkManager('admin', active('member'), input({ kind: 'role', role: 'admin' })),
    ).not.toThrow();
  });

  it('approves only requests, and sends a self-removal to Leave', () => {
    expect(() => checkManager('admin', active('member'), input({ kind: 'approve' }))).toThrow(
      r.notPending,
    );
    expect(() => checkManager('admin', undefined, input({ kind: 'remove' }))).toThrow(r.notActive);
    expect(() => checkManager('admin', active('admin'), input({ kind: 'remove' }, ANA))).toThrow(
      r.removeSelf,
    );
  });

  it('changes nothing when the role is the same, and guards a demoted admin', async () => {
    const given = {
      version: 1,
      community: community('public'),
      actor: active('admin'),
      target: active('admin'),
    };
    const when = { communityId: COMMUNITY, ...input({ kind: 'role', role: 'admin' }) } as const;
    expect((await decide(manageMember, given, when)).appends).toEqual([]);
    const demoted = await decide(manageMember, given, {
      ...when,
      action: { kind: 'role', role: 'member' },
    });
    expect(demoted.appends[0]?.types).toEqual(['CommunityRoleChanged']);
    // The community's lock, the actor still managing, and the last admin rule.
    expect(demoted.guards).toBe(3);
  });
});

describe('inviting', () => {
  const given = (privacy: 'public' | 'private', role: 'admin' | 'member' = 'member') => ({
    version: 3,
    community: community(privacy),
    inviter: { role, status: 'active' as const, display_name: 'Ana' },
    candidates: [
      { id: BEN, invitable: true, known: false, email: 'ben@example.com' },
      { id: CAT, invitable: true, known: true, email: null },
    ],
    template: storedTemplate(communityInvitationTemplate),
  });
  const when = {
    communityId: COMMUNITY,
    inviterId: ANA,
    userIds: [BEN, CAT, ANA],
    publicUrl: 'https://agora.example',
  };

  it('invites those not yet in or invited, with an email each who wants one', async () => {
    const decided = await decide(inviteMembers, given('public'), when);
    expect(decided.result).toEqual({ invited: [BEN] });
    expect(decided.events).toEqual([
      {
        type: 'CommunityMembersInvited',
        data: {
          communityId: COMMUNITY,
          communityName: 'Quokka Fans',
          invitedBy: ANA,
          userIds: [BEN],
        },
      },
    ]);
    expect(decided.effects).toBeGreaterThan(0);
  });

  it('refuses plain members of a private community, and anyone who cannot be invited', async () => {
    expect(await refusal(inviteMembers, given('private'), when)).toEqual(
      refusedAs.forbidden('not-community-manager', r.privateInvite),
    );
    expect((await decide(inviteMembers, given('private', 'admin'), when)).result).toEqual({
      invited: [BEN],
    });
    const blocked = { ...given('public'), candidates: [] };
    expect(await refusal(inviteMembers, blocked, when)).toEqual(
      refusedAs.invalid('cannot-invite', r.cannotInvite, { userIds: r.cannotInvite }),
    );
  });
});

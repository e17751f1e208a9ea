import { DEFAULT_PROFILE_CARD_SETTINGS, profileMessages } from '../../shared/profiles';
import { socialMessages } from '../../shared/social';
import {
  changeCardSettings,
  createUser,
  editProfile,
  nextSequenceValue,
  recordProfileViews,
  recordUserMapping,
  setFollow,
  setProfileImage,
} from '../../server/domains/profiles/commands';
import { centredCover } from '../../server/domains/media/sized-images';
import { ANA, BEN, CAT, by, decide, refusal, refusedAs, type StateOf } from './support/decide';

const userNotFound: ReturnType<typeof refusedAs.notFound> = {
  kind: 'not-found',
  code: 'user-not-found',
  message: profileMessages.userNotFound,
};

/** Ana's profile as the edit reads it: a fresh one with her name. */
const anaNow = (): NonNullable<StateOf<typeof editProfile>['current']> => ({
  display_name: 'Ana',
  bio: 'Hello',
  job_title: '',
  company: '',
  location: 'Lisbon',
  phone: '',
  website: '',
  birth_date: null,
  skills: ['SQL'],
  interests: [],
  languages: [],
  certifications: [],
  experience: [],
  education: [],
  social_links: [],
});

describe('editing a profile', () => {
  const given = { current: anaNow(), version: 4 };

  it('appends only the fields that change, at the member stream version', async () => {
    const decided = await decide(
      editProfile,
      given,
      {
        userId: ANA,
        callerId: ANA,
        callerRole: 'member',
        edit: { bio: 'Hello', location: 'Porto', skills: ['SQL', 'Go'] },
      },
      by(ANA),
    );
    expect(decided.appends).toEqual([
      { streamId: `user-${ANA}`, expectedVersion: 4, types: ['ProfileEdited'] },
    ]);
    expect(decided.events[0]!.data).toEqual({
      userId: ANA,
      changes: { location: 'Porto', skills: ['SQL', 'Go'] },
      byUserId: ANA,
    });
    expect(decided.reply).toBe(true);
  });

  it('appends nothing when nothing changes', async () => {
    const decided = await decide(editProfile, given, {
      userId: ANA,
      callerId: ANA,
      callerRole: 'member',
      edit: { displayName: 'Ana', bio: 'Hello' },
    });
    expect(decided.appends).toEqual([]);
    expect(decided.reply).toBe(true);
  });

  it('lets an owner edit, and refuses anyone else', async () => {
    const byOwner = await decide(editProfile, given, {
      userId: ANA,
      callerId: BEN,
      callerRole: 'owner',
      edit: { bio: 'Set by an owner' },
    });
    expect(byOwner.events[0]!.data).toMatchObject({ byUserId: BEN });
    const refused = await refusal(editProfile, given, {
      userId: ANA,
      callerId: BEN,
      callerRole: 'member',
      edit: { bio: 'Hacked' },
    });
    expect(refused).toEqual(
      refusedAs.forbidden('not-self-or-owner', profileMessages.selfOrOwnerOnly),
    );
  });

  it('refuses an unknown member', async () => {
    const refused = await refusal(
      editProfile,
      { current: undefined, version: 0 },
      { userId: CAT, callerId: CAT, callerRole: 'member', edit: { bio: 'x' } },
    );
    expect(refused).toEqual(userNotFound);
  });
});

describe('card settings', () => {
  it('appends only the switches that change, and nothing when none does', async () => {
    const given = { current: { card_settings: DEFAULT_PROFILE_CARD_SETTINGS }, version: 2 };
    const decided = await decide(changeCardSettings, given, {
      userId: ANA,
      update: { showEmail: true, showLocation: true },
    });
    expect(decided.events).toEqual([
      { type: 'ProfileCardSettingsChanged', data: { userId: ANA, changes: { showEmail: true } } },
    ]);
    const same = await decide(changeCardSettings, given, {
      userId: ANA,
      update: { showLocation: true },
    });
    expect(same.appends).toEqual([]);
  });
});

describe('avatar and banner', () => {
  const given = { current: { avatar_file_id: 'f-1', banner_file_id: null }, version: 6 };

  it('records a new image, and nothing for the same one', async () => {
    const decided = await decide(setProfileImage, given, {
      userId: ANA,
      kind: 'banner',
      image: { fileId: 'f-2', url: 'https://cdn/f-2.webp' },
    });
    expect(decided.events).toEqual([
      {
        type: 'BannerChanged',
        data: { userId: ANA, fileId: 'f-2', url: 'https://cdn/f-2.webp' },
      },
    ]);
    const same = await decide(setProfileImage, given, {
      userId: ANA,
      kind: 'avatar',
      image: { fileId: 'f-1', url: 'https://cdn/f-1.webp' },
    });
    expect(same.appends).toEqual([]);
    const cleared = await decide(setProfileImage, given, {
      userId: ANA,
      kind: 'avatar',
      image: null,
    });
    expect(cleared.events[0]).toEqual({
      type: 'AvatarChanged',
      data: { userId: ANA, fileId: null, url: null },
    });
  });

  it('crops the centre in the target shape when no rectangle is given', () => {
    expect(centredCover(800, 600, { width: 256, height: 256 })).toEqual({
      x: 100,
      y: 0,
      width: 600,
      height: 600,
    });
    expect(centredCover(800, 600, { width: 1200, height: 400 })).toEqual({
      x: 0,
      y: 166,
      width: 800,
      height: 267,
    });
  });
});

describe('following', () => {
  const given = (over: Partial<StateOf<typeof setFollow>> = {}): StateOf<typeof setFollow> => ({
    followee: { status: 'active' },
    blocked: false,
    following: false,
    version: 9,
    ...over,
  });

  it("follows on the follower's stream, once", async () => {
    const decided = await decide(setFollow, given(), {
      followerId: ANA,
      followeeId: BEN,
      follow: true,
    });
    expect(decided.appends).toEqual([
      { streamId: `user-${ANA}`, expectedVersion: 9, types: ['MemberFollowed'] },
    ]);
    const again = await decide(setFollow, given({ following: true }), {
      followerId: ANA,
      followeeId: BEN,
      follow: true,
    });
    expect(again.appends).toEqual([]);
    expect(again.reply).toBe(true);
  });

  it('unfollows only someone followed', async () => {
    const decided = await decide(setFollow, given({ following: true }), {
      followerId: ANA,
      followeeId: BEN,
      follow: false,
    });
    expect(decided.appends[0]!.types).toEqual(['MemberUnfollowed']);
    const none = await decide(setFollow, given(), {
      followerId: ANA,
      followeeId: BEN,
      follow: false,
    });
    expect(none.appends).toEqual([]);
  });

  it('refuses oneself, a missing or disabled member, and a block', async () => {
    expect(
      await refusal(setFollow, given(), { followerId: ANA, followeeId: ANA, follow: true }),
    ).toEqual(refusedAs.invalid('cannot-follow-self', profileMessages.cannotFollowSelf));
    for (const followee of [undefined, { status: 'disabled' as const }]) {
      expect(
        await refusal(setFollow, given({ followee }), {
          followerId: ANA,
          followeeId: BEN,
          follow: true,
        }),
      ).toEqual(userNotFound);
    }
    expect(
      await refusal(setFollow, given({ blocked: true }), {
        followerId: ANA,
        followeeId: BEN,
        follow: true,
      }),
    ).toEqual(refusedAs.forbidden('blocked', socialMessages.blocked));
  });
});

describe('creating a member', () => {
  it('registers them with only what differs from a new profile, in one append', async () => {
    const decided = await decide(
      createUser,
      {},
      {
        ownerId: ANA,
        username: 'newbie',
        email: 'newbie@example.com',
        passwordHash: 'hash',
        role: 'member',
        privacy: 'private',
        profile: { displayName: 'newbie', bio: 'Hi' },
        cardSettings: { showLocation: true, showPhone: true },
      },
    );
    expect(decided.appends).toHaveLength(1);
    expect(decided.appends[0]!.expectedVersion).toBe(0);
    expect(decided.appends[0]!.types).toEqual([
      'UserRegistered',
      'ProfileEdited',
      'ProfileCardSettingsChanged',
      'ProfilePrivacyChanged',
    ]);
    expect(decided.events[1]!.data).toMatchObject({ changes: { bio: 'Hi' } });
    expect(decided.events[2]!.data).toMatchObject({ changes: { showPhone: true } });
    // The registration lock and both uniqueness rules, checked at commit.
    expect(decided.guards).toBe(3);
  });

  it('appends registration alone for a plain public member', async () => {
    const decided = await decide(
      createUser,
      {},
      {
        ownerId: ANA,
        username: 'plain',
        email: 'plain@example.com',
        passwordHash: 'hash',
        role: 'member',
        privacy: 'public',
        profile: {},
        cardSettings: {},
      },
    );
    expect(decided.appends[0]!.types).toEqual(['UserRegistered']);
  });
});

describe('user mapping', () => {
  const mapping = {
    user_id: ANA,
    uuidv7: '01900000-0000-7000-8000-000000000001',
    email: 'ana@example.com',
    created_at: '2026-11-25T10:00:00.000Z',
  };

  it('records the first mapping, and refuses a second or a stranger', async () => {
    const fresh = { user: true, existing: false, version: 0 };
    const decided = await decide(recordUserMapping, fresh, {
      callerId: ANA,
      callerRole: 'member',
      mapping,
    });
    expect(decided.appends).toEqual([
      { streamId: `user-mapping-${ANA}`, expectedVersion: 0, types: ['UserMappingRecorded'] },
    ]);
    expect(
      await refusal(
        recordUserMapping,
        { ...fresh, existing: true },
        {
          callerId: ANA,
          callerRole: 'member',
          mapping,
        },
      ),
    ).toMatchObject({ kind: 'conflict', code: 'mapping-exists' });
    expect(
      await refusal(recordUserMapping, fresh, { callerId: BEN, callerRole: 'member', mapping }),
    ).toMatchObject({ kind: 'forbidden' });
  });
});

describe('sequence', () => {
  it('hands out the value after the last', async () => {
    const decided = await decide(
      nextSequenceValue,
      { user: true, current: { value: 41 }, version: 41 },
      { userId: ANA, callerId: ANA, callerRole: 'member' },
    );
    expect(decided.result).toEqual({ userId: ANA, value: 42 });
    expect(decided.appends).toEqual([
      { streamId: `user-sequence-${ANA}`, expectedVersion: 41, types: ['UserSequenceAdvanced'] },
    ]);
    const first = await decide(
      nextSequenceValue,
      { user: true, current: undefined, version: 0 },
      { userId: ANA, callerId: BEN, callerRole: 'owner' },
    );
    expect(first.result).toEqual({ userId: ANA, value: 1 });
  });
});

describe('profile views', () => {
  it('appends one count per member still there, at its views stream version', async () => {
    const decided = await decide(
      recordProfileViews,
      { members: [{ id: ANA, version: 3 }] },
      {
        views: [
          { userId: ANA, count: 2 },
          { userId: BEN, count: 5 },
        ],
      },
    );
    expect(decided.appends).toEqual([
      { streamId: `profile-views-${ANA}`, expectedVersion: 3, types: ['ProfileViewsCounted'] },
    ]);
    expect(decided.events[0]!.data).toEqual({ userId: ANA, count: 2 });
  });
});

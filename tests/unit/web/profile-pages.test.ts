import { jest } from '@jest/globals';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import fc from 'fast-check';
import {
  profileLiveEvents,
  PROFILES_WATCHED_MAX,
  type FollowsPage,
  type Profile,
  type ProfileStats,
} from '../../../shared/profiles';
import { api } from '../../../web/state/api';
import type { AppDispatch, RootState } from '../../../web/state/store';
import { addChip, chipMessages, removeChip } from '../../../web/lib/chips';
import {
  engagementRows,
  engagementTotals,
  hasActivity,
} from '../../../web/features/profile/engagement';
import {
  followEntries,
  followsTotal,
  nextFollowsCursor,
} from '../../../web/features/profile/followsPaging';
import { profileApi } from '../../../web/features/profile/profileApi';
import { cachedProfile, followOutcomeReceived } from '../../../web/features/profile/profileCache';
import { checkEdit, draftOf } from '../../../web/features/profile/profileEdit';
import { centerCrop, percentOf } from '../../../web/features/profile/profileImages';
import { profileLive } from '../../../web/features/profile/profileLive';
import {
  profileFailureText,
  profileTarget,
  subjectOf,
  subPageUrl,
} from '../../../web/features/profile/profileRoute';
import {
  initialsOf,
  joinedText,
  moreText,
  shownChips,
  statusLabel,
} from '../../../web/features/profile/profileText';
import { withFollowOutcome, withNewerStats } from '../../../web/features/profile/profileVersions';
import { checkSkillsEdit, newExperience } from '../../../web/features/profile/skillsEdit';
import { createWatchedProfiles } from '../../../web/features/profile/watchedProfiles';

const ME = '10000000-0000-4000-8000-000000000001';
const ANA = '10000000-0000-4000-8000-000000000002';
const BO = '10000000-0000-4000-8000-000000000003';

const stats = (followers: number, overrides: Partial<ProfileStats> = {}): ProfileStats => ({
  posts: 2,
  followers,
  following: 1,
  likes: 4,
  views: 9,
  ...overrides,
});

function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: ANA,
    username: 'ana',
    displayName: 'Ana Lima',
    avatar: null,
    banner: null,
    emailVerified: true,
    privacy: 'public',
    status: 'online',
    lastSeen: null,
    joinDate: '2026-03-04T10:00:00.000Z',
    email: 'ana@example.com',
    phone: null,
    location: 'Lisbon',
    birthDate: null,
    bio: '',
    jobTitle: '',
    company: '',
    website: '',
    skills: [],
    interests: [],
    languages: [],
    certifications: [],
    experience: [],
    education: [],
    socialLinks: [],
    stats: stats(3),
    profileCardSettings: null,
    isSelf: false,
    contactVisible: true,
    detailsVisible: true,
    followedByMe: false,
    followsMe: false,
    canMessage: true,
    messageRefusal: null,
    version: 10,
    ...overrides,
  };
}

describe('profile header texts', () => {
  it('falls back to the initials of the first two words of the name', () => {
    expect(initialsOf('Ana Lima')).toBe('AL');
    expect(initialsOf('  ana   maria lima ')).toBe('AM');
    expect(initialsOf('bo')).toBe('B');
    expect(initialsOf('élodie')).toBe('É');
    expect(initialsOf('   ')).toBe('?');
  });

  it("reads 'Joined {date}', and 'Recently' when the date is unknown", () => {
    expect(joinedText('2026-03-04T10:00:00.000Z')).toBe('Joined March 4, 2026');
    expect(joinedText(null)).toBe('Joined Recently');
    expect(joinedText('not a date')).toBe('Joined Recently');
  });

  it('shows the status, online when none is given', () => {
    expect(statusLabel('away')).toBe('Away');
    expect(statusLabel(undefined)).toBe('Online');
  });

  it("shows 5 skills then '+n more', and 3 interests", () => {
    const skills = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(shownChips(skills, 5)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 });
    expect(moreText(2)).toBe('+2 more');
    expect(shownChips(['x', 'y'], 3)).toEqual({ shown: ['x', 'y'], more: 0 });
    fc.assert(
      fc.property(fc.array(fc.string()), fc.nat(10), (all, count) => {
        const { shown, more } = shownChips(all, count);
        return shown.length <= count && shown.length + more === all.length;
      }),
    );
  });
});

describe('profile routes', () => {
  it('shows oneself without a name, a member by id, or looks a username up', () => {
    expect(profileTarget(undefined, ME)).toEqual({ kind: 'self', userId: ME });
    expect(profileTarget(ANA.toUpperCase(), ME)).toEqual({ kind: 'id', userId: ANA });
    expect(profileTarget(ME, ME)).toEqual({ kind: 'self', userId: ME });
    expect(profileTarget('@ana', ME)).toEqual({ kind: 'username', username: 'ana' });
  });

  it('names each failure with the texts of 000 §8', () => {
    const self = profileTarget(undefined, ME);
    const byName = profileTarget('ana', ME);
    expect(profileFailureText(self, { stage: 'profile', status: 500 })).toBe(
      'Failed to load profile',
    );
    expect(profileFailureText(self, { stage: 'profile', status: 404 })).toBe('Profile not found');
    expect(profileFailureText(byName, { stage: 'lookup-empty' })).toBe('User not found');
    expect(profileFailureText(byName, { stage: 'lookup', status: 'network' })).toBe(
      'Failed to load user profile',
    );
    expect(profileFailureText(byName, { stage: 'profile', status: 404 })).toBe('Profile not found');
  });

  it('links the sub-pages of another member with ?user=', () => {
    expect(subPageUrl('/profile/followers', ANA, false)).toBe(`/profile/followers?user=${ANA}`);
    expect(subPageUrl('/profile/followers', ME, true)).toBe('/profile/followers');
    expect(subjectOf(null, ME)).toBe(ME);
    expect(subjectOf(` ${ANA.toUpperCase()} `, ME)).toBe(ANA);
  });
});

describe('live profile stats', () => {
  it('takes stats only when their version is newer', () => {
    const profile = aProfile({ version: 10 });
    expect(withNewerStats(profile, { stats: stats(9), version: 10 })).toBe(profile);
    expect(withNewerStats(profile, { stats: stats(9), version: 11 })).toEqual({
      ...profile,
      stats: stats(9),
      version: 11,
    });
  });

  it('ends on the newest stats whatever order the pushes arrive in', () => {
    const push = fc.record({
      stats: fc.record({
        posts: fc.nat(),
        followers: fc.nat(),
        following: fc.nat(),
        likes: fc.nat(),
        views: fc.nat(),
      }),
      version: fc.nat(50),
    });
    fc.assert(
      fc.property(fc.array(push, { maxLength: 12 }), (pushes) => {
        const start = aProfile({ version: 10 });
        const end = pushes.reduce(withNewerStats, start);
        const newest = pushes.reduce<(typeof pushes)[number] | null>(
          (best, each) => (each.version > (best?.version ?? start.version) ? each : best),
          null,
        );
        expect(end.version).toBe(newest?.version ?? start.version);
        expect(end.stats).toEqual(newest?.stats ?? start.stats);
      }),
    );
  });

  it("takes the viewer's follow as answered and its counts by version", () => {
    const profile = aProfile({ version: 10 });
    const older = withFollowOutcome(profile, { followedByMe: true, stats: stats(1), version: 9 });
    expect(older).toEqual({ ...profile, followedByMe: true });
    const newer = withFollowOutcome(profile, { followedByMe: true, stats: stats(4), version: 11 });
    expect(newer).toEqual({ ...profile, followedByMe: true, stats: stats(4), version: 11 });
  });
});

const stores: { dispatch: (action: ReturnType<typeof api.util.resetApiState>) => unknown }[] = [];
// Cached answers are dropped on a timer; a reset clears the timers with them.
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

async function storeWith(profile: Profile) {
  const store = configureStore({
    reducer: combineSlices(api),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  stores.push(store);
  const dispatch = store.dispatch as unknown as AppDispatch;
  const getState = () => store.getState() as unknown as RootState;
  await dispatch(profileApi.util.upsertQueryData('getProfile', profile.id, profile));
  const push = (event: string, payload: unknown) =>
    profileLive.handlers![event]!(payload, dispatch, getState);
  return { dispatch, getState, push };
}

describe('profile live feature', () => {
  it('applies a newer profile:stats push to the cached profile and ignores an older one', async () => {
    const { getState, push } = await storeWith(aProfile({ version: 10 }));
    push(profileLiveEvents.stats, { userId: ANA, stats: stats(4), version: 12 });
    expect(cachedProfile(getState(), ANA)?.stats.followers).toBe(4);
    push(profileLiveEvents.stats, { userId: ANA, stats: stats(3), version: 11 });
    expect(cachedProfile(getState(), ANA)).toMatchObject({ version: 12, stats: stats(4) });
  });

  it('ignores pushes that are malformed or about profiles not on screen', async () => {
    const { getState, push } = await storeWith(aProfile());
    const before = cachedProfile(getState(), ANA);
    push(profileLiveEvents.stats, { userId: 'nope', stats: stats(4), version: 99 });
    push(profileLiveEvents.stats, { userId: BO, stats: stats(4), version: 99 });
    expect(cachedProfile(getState(), ANA)).toBe(before);
    expect(cachedProfile(getState(), BO)).toBeUndefined();
  });

  it("puts a follow's answer on the followee's cached profile", async () => {
    const { dispatch, getState } = await storeWith(aProfile({ version: 10 }));
    dispatch(followOutcomeReceived(ANA, { followedByMe: true, stats: stats(4), version: 11 }));
    expect(cachedProfile(getState(), ANA)).toMatchObject({
      followedByMe: true,
      stats: stats(4),
      version: 11,
    });
  });
});

describe('watched profiles', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends the profiles on every screen as one list once a burst settles, and again on reconnect', () => {
    const sent: { userIds: string[] }[] = [];
    const watched = createWatchedProfiles((payload) => sent.push(payload), 100);
    const stopPage = watched.watch([ANA]);
    const stopList = watched.watch([ANA, BO]);
    jest.advanceTimersByTime(100);
    expect(sent).toEqual([{ userIds: [ANA, BO] }]);

    stopList();
    jest.advanceTimersByTime(100);
    expect(sent.at(-1)).toEqual({ userIds: [ANA] });

    watched.resend();
    expect(sent).toHaveLength(3);
    expect(sent.at(-1)).toEqual({ userIds: [ANA] });

    stopPage();
    jest.advanceTimersByTime(100);
    expect(sent.at(-1)).toEqual({ userIds: [] });
  });

  it("keeps the newest within the server's bound", () => {
    const sent: { userIds: string[] }[] = [];
    const watched = createWatchedProfiles((payload) => sent.push(payload), 10);
    const ids = Array.from(
      { length: PROFILES_WATCHED_MAX + 3 },
      (_, index) => `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    watched.watch(ids);
    jest.advanceTimersByTime(10);
    expect(sent[0]?.userIds).toEqual(ids.slice(3));
  });
});

describe('follows paging', () => {
  const person = (id: string, username: string) => ({
    id,
    username,
    displayName: username,
    avatar: null,
    status: 'online' as const,
    lastSeen: null,
    privacy: 'public' as const,
  });
  const entry = (id: string, username: string) => ({
    person: person(id, username),
    since: '2026-11-01T10:00:00.000Z',
    followedByMe: false,
  });
  const page = (entries: FollowsPage['entries'], total: number, nextCursor: string | null) => ({
    entries,
    total,
    nextCursor,
  });

  it('asks for the next page until the cursor runs out', () => {
    expect(nextFollowsCursor(page([], 0, 'c2'))).toBe('c2');
    expect(nextFollowsCursor(page([], 0, null))).toBeUndefined();
  });

  it('lists the pages in order, a person once, with the newest total', () => {
    const first = page([entry(ANA, 'ana'), entry(BO, 'bo')], 3, 'c2');
    const second = page([entry(BO, 'bo'), entry(ME, 'me')], 4, null);
    expect(followEntries([first, second]).map((each) => each.person.username)).toEqual([
      'ana',
      'bo',
      'me',
    ]);
    expect(followsTotal([first, second])).toBe(4);
    expect(followEntries(undefined)).toEqual([]);
    expect(followsTotal([])).toBeNull();
  });
});

describe('profile editing', () => {
  it('adds a chip trimmed and once, and refuses blanks, long entries and a full list', () => {
    expect(addChip(['Go'], ' Rust ', 5)).toEqual({ chips: ['Go', 'Rust'], problem: null });
    expect(addChip(['Go'], 'Go', 5)).toEqual({ chips: ['Go'], problem: null });
    expect(addChip(['Go'], '  ', 5).problem).toBe(chipMessages.blank);
    expect(addChip([], 'x'.repeat(61), 5).problem).toBe(chipMessages.tooLong);
    expect(addChip(['a'], 'b', 1).problem).toBe('At most 1 entries');
    expect(removeChip(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('sends only the fields that changed, checked by the server schema', () => {
    const profile = aProfile({ isSelf: true, skills: ['Go'] });
    const draft = draftOf(profile);
    expect(checkEdit(profile, draft)).toEqual({ kind: 'unchanged' });
    expect(checkEdit(profile, { ...draft, bio: ' Hello ', skills: ['Go', 'Rust'] })).toEqual({
      kind: 'ready',
      edit: { bio: 'Hello', skills: ['Go', 'Rust'] },
    });
    expect(checkEdit(profile, { ...draft, birthDate: '2000-01-02' })).toEqual({
      kind: 'ready',
      edit: { birthDate: '2000-01-02' },
    });
    const invalid = checkEdit(profile, { ...draft, displayName: ' ', website: 'ftp://x' });
    expect(invalid).toEqual({
      kind: 'invalid',
      errors: {
        displayName: 'Display name is required',
        website: 'A link must start with http:// or https://',
      },
    });
  });

  it('sends the skills page lists that changed', () => {
    const profile = aProfile({ isSelf: true, languages: ['English'] });
    const draft = {
      skills: [],
      interests: [],
      languages: ['English', 'Portuguese'],
      certifications: [],
      experience: [{ ...newExperience(BO), title: 'Engineer' }],
      education: [],
    };
    expect(checkSkillsEdit(profile, draft)).toEqual({
      kind: 'ready',
      edit: {
        languages: ['English', 'Portuguese'],
        experience: [{ id: BO, title: 'Engineer', company: '', duration: '', description: '' }],
      },
    });
    expect(checkSkillsEdit(profile, { ...draft, languages: ['English'], experience: [] })).toEqual({
      kind: 'unchanged',
    });
  });
});

describe('profile images', () => {
  it('crops the largest centred region of the target shape', () => {
    expect(centerCrop({ width: 1000, height: 500 }, { width: 256, height: 256 })).toEqual({
      x: 250,
      y: 0,
      width: 500,
      height: 500,
    });
    expect(centerCrop({ width: 1200, height: 1200 }, { width: 1200, height: 400 })).toEqual({
      x: 0,
      y: 400,
      width: 1200,
      height: 400,
    });
    expect(centerCrop(null, { width: 256, height: 256 })).toBeNull();
  });

  it('keeps every crop inside the image', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.constantFrom({ width: 256, height: 256 }, { width: 1200, height: 400 }),
        (width, height, target) => {
          const crop = centerCrop({ width, height }, target);
          expect(crop).not.toBeNull();
          if (!crop) return;
          expect(crop.x + crop.width).toBeLessThanOrEqual(width);
          expect(crop.y + crop.height).toBeLessThanOrEqual(height);
          expect(crop.width).toBeGreaterThan(0);
          expect(crop.height).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('reports upload progress as a whole percentage', () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(300, 200)).toBe(100);
  });
});

describe('engagement graph', () => {
  const point = (date: string, posts: number, likes = 0) => ({
    date,
    posts,
    likes,
    comments: 0,
    followers: 0,
  });

  it('draws the days in order with short labels, and sums each series', () => {
    const points = [point('2026-11-25', 1, 2), point('2026-11-24', 0, 3)];
    expect(engagementRows(points).map((row) => row.label)).toEqual(['Nov 24', 'Nov 25']);
    expect(engagementTotals(points)).toEqual({ posts: 1, likes: 5, comments: 0, followers: 0 });
  });

  it('shows the empty state for a range without activity', () => {
    expect(hasActivity([point('2026-11-25', 0)])).toBe(false);
    expect(hasActivity([point('2026-11-25', 1)])).toBe(true);
    expect(hasActivity([])).toBe(false);
  });
});

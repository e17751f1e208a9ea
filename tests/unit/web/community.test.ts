import {
  COMMUNITY_SOCKET_EVENTS,
  type Community,
  addTag,
  badgesOf,
  engagementPercent,
  levelOf,
  removeTag,
  reputationOf,
  tagMessages,
  COMMUNITY_TAGS_MAX,
} from '../../../shared/communities';
import { createCommunityFieldsSchema } from '../../../shared/communities/schemas';
import {
  EMPTY_DRAFT,
  draftEntries,
  draftFieldErrors,
} from '../../../web/features/community/createForm';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../../../web/state/api';
import type { AppDispatch, RootState } from '../../../web/state/store';
import { communityApi } from '../../../web/features/community/communityApi';
import { communityLive } from '../../../web/features/community/communityLive';
import { joinActionOf } from '../../../web/features/community/joinAction';
import { memberQueryParams } from '../../../web/features/community/memberFilters';

describe('tags', () => {
  it('are trimmed, never blank, and unique without regard to case', () => {
    expect(addTag([], '  react ')).toEqual({ tags: ['react'], error: null });
    expect(addTag(['react'], '   ')).toEqual({ tags: ['react'], error: tagMessages.blank });
    expect(addTag(['react'], 'React')).toEqual({ tags: ['react'], error: tagMessages.repeated });
    expect(addTag([], 'x'.repeat(41)).error).toBe(tagMessages.tooLong);
    const full = Array.from({ length: COMMUNITY_TAGS_MAX }, (_, i) => `t${i}`);
    expect(addTag(full, 'one more').error).toBe(tagMessages.tooMany);
    expect(removeTag(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('the create form as multipart', () => {
  it('leaves out fields without a value, sends tags as JSON and the images as files', () => {
    const avatar = new File([new Uint8Array([1, 2])], 'me.png', { type: 'image/png' });
    const entries = draftEntries({
      ...EMPTY_DRAFT,
      name: ' Quokkas ',
      website: '  ',
      tags: ['a', 'b'],
      avatar,
    });
    expect(entries).toEqual([
      ['name', 'Quokkas'],
      ['category', 'technology'],
      ['privacy', 'public'],
      ['tags', '["a","b"]'],
      ['avatar', avatar],
    ]);
  });

  it('always sends the name, so a blank one gets its message', () => {
    expect(draftEntries(EMPTY_DRAFT)[0]).toEqual(['name', '']);
  });

  it('reads what the server accepts with the same schema', () => {
    const fields = Object.fromEntries(
      draftEntries({ ...EMPTY_DRAFT, name: 'Q', tags: ['x'], email: 'a@b.example' }).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    expect(createCommunityFieldsSchema.parse(fields)).toMatchObject({
      name: 'Q',
      tags: ['x'],
      email: 'a@b.example',
    });
  });

  it('puts the server’s errors beside their fields', () => {
    expect(draftFieldErrors({ name: 'Community name is required', 'tags.2': 'blank' })).toEqual({
      name: 'Community name is required',
      tags: 'blank',
    });
    expect(draftFieldErrors(undefined)).toEqual({});
  });
});

describe('the members filter', () => {
  it('sends only what narrows the list', () => {
    expect(memberQueryParams({ q: ' ', role: 'all', status: 'active', page: 1 })).toEqual({});
    expect(memberQueryParams({ q: ' ana ', role: 'vip', status: 'pending', page: 3 })).toEqual({
      q: 'ana',
      role: 'vip',
      status: 'pending',
      page: '3',
    });
  });
});

describe('what the hub offers', () => {
  const none = { role: null, status: null, invited: false };
  it('follows the standing and the privacy', () => {
    expect(joinActionOf({ privacy: 'public', membership: none })).toEqual({
      kind: 'join',
      label: 'Join',
    });
    expect(joinActionOf({ privacy: 'restricted', membership: none }).kind).toBe('join');
    expect(joinActionOf({ privacy: 'private', membership: none }).kind).toBe('none');
    expect(joinActionOf({ privacy: 'private', membership: { ...none, invited: true } })).toEqual({
      kind: 'join',
      label: 'Accept Invitation',
    });
    expect(
      joinActionOf({
        privacy: 'public',
        membership: { role: 'member', status: 'active', invited: false },
      }).kind,
    ).toBe('leave');
    expect(
      joinActionOf({
        privacy: 'restricted',
        membership: { role: 'member', status: 'pending', invited: false },
      }).kind,
    ).toBe('pending');
  });
});

describe('reputation, level, badges and engagement', () => {
  it('are computed from the community’s counts', () => {
    expect(reputationOf(3, 5)).toBe(40);
    expect([0, 9, 10, 39, 40, 90].map(levelOf)).toEqual([1, 1, 2, 2, 3, 4]);
    expect(badgesOf('admin')).toEqual(['Admin']);
    expect(badgesOf('member')).toEqual([]);
    expect(engagementPercent(1, 3)).toBe(33);
    expect(engagementPercent(0, 0)).toBe(0);
  });
});

describe('the hub’s live counts', () => {
  const ID = '40000000-0000-4000-8000-000000000001';
  const community = (version: number, members: number): Community => ({
    id: ID,
    name: 'Quokka Fans',
    description: '',
    category: 'hobbies',
    privacy: 'public',
    website: null,
    email: null,
    location: null,
    tags: [],
    avatar: null,
    banner: null,
    rules: '',
    welcomeMessage: '',
    createdBy: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    stats: { members, discussions: 0, posts: 0, events: 0, engagement: 100 },
    version,
    membership: { role: 'admin', status: 'active', invited: false },
  });
  const changed = (version: number, members: number) => ({
    communityId: ID,
    stats: { members, discussions: 0, posts: 0, events: 0, engagement: 50 },
    version,
  });
  const push = communityLive.handlers![COMMUNITY_SOCKET_EVENTS.changed]!;

  it('patch the cached card and lists with a newer version only', async () => {
    const store = configureStore({
      reducer: combineSlices(api),
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    const dispatch = store.dispatch as AppDispatch;
    const getState = store.getState as () => RootState;
    await store.dispatch(communityApi.util.upsertQueryData('getCommunity', ID, community(3, 1)));
    await store.dispatch(
      communityApi.util.upsertQueryData('getCommunities', { scope: 'mine' }, [community(3, 1)]),
    );
    const card = () => communityApi.endpoints.getCommunity.select(ID)(getState()).data;
    const list = () =>
      communityApi.endpoints.getCommunities.select({ scope: 'mine' })(getState()).data;

    push(changed(4, 2), dispatch, getState);
    expect(card()?.stats.members).toBe(2);
    expect(list()?.[0]?.version).toBe(4);
    // An older push, arriving late, changes nothing.
    push(changed(3, 1), dispatch, getState);
    expect(card()?.stats.members).toBe(2);
    expect(list()?.[0]?.stats.members).toBe(2);
    // Anything that is not a push of counts is ignored.
    push({ communityId: ID }, dispatch, getState);
    expect(card()?.version).toBe(4);
    // Cached answers are dropped on a timer; a reset clears the timers with them.
    dispatch(api.util.resetApiState());
  });
});

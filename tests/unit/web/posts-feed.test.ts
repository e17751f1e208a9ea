import type { FeedPage, Post } from '../../../shared/posts';
import {
  feedFooter,
  feedPostIds,
  mergeNewPosts,
  newPostsText,
  rowsAddedAbove,
} from '../../../web/features/home/feedList';
import { visibleRatio } from '../../../web/features/home/useInView';
import {
  AD_GAP,
  drawAdGap,
  emptyAdPlan,
  extendAdPlan,
  withAdSlots,
  type RandomSource,
} from '../../../web/features/posts/card/adSlots';
import { cardText } from '../../../web/features/posts/card/cardText';
import { shownLike, toggledLike } from '../../../web/features/posts/card/likeState';
import { postTime } from '../../../web/features/posts/card/relativeTime';
import {
  facebookShareUrl,
  postShareUrl,
  sharePopupFeatures,
  shareText,
  xShareUrl,
} from '../../../web/lib/shareLinks';
import {
  CONTROLS_HIDE_MS,
  formatClock,
  hideTimerWanted,
  initialVideoControls,
  isSilent,
  snapVolume,
  stepVolume,
  toggledSound,
  videoControlsReducer,
  videoKeyCommand,
  VOLUME_STEP,
  type VideoControlsEvent,
  type VideoControlsState,
} from '../../../web/features/posts/card/videoControls';
import { aPost } from '../../support/post-fixture';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const post = (id: string, publishedAt: string | null = ago(0), extra: Partial<Post> = {}): Post =>
  aPost({
    id,
    author: {
      id: 'a0000000-0000-4000-8000-000000000001',
      username: 'ana',
      displayName: 'Ana',
      avatar: null,
    },
    title: '',
    content: '',
    wordCount: 0,
    readTime: 0,
    createdAt: ago(10 * HOUR),
    publishedAt,
    ...extra,
  });

/** Replays the given draws, in order, and fails loudly when a test asks for more. */
function draws(...values: number[]): RandomSource {
  let at = 0;
  return () => {
    const value = values[at];
    at += 1;
    if (value === undefined) throw new Error('no more draws');
    return value;
  };
}

describe('relative times (000 §9)', () => {
  it("reads 'Just now' under an hour, and for a time slightly ahead of the clock", () => {
    expect(postTime({ publishedAt: ago(0), createdAt: ago(0) }, NOW).text).toBe('Just now');
    expect(postTime({ publishedAt: ago(HOUR - 1), createdAt: ago(0) }, NOW).text).toBe('Just now');
    expect(postTime({ publishedAt: ago(-60_000), createdAt: ago(0) }, NOW).text).toBe('Just now');
  });

  it('counts whole hours under 24 hours and whole days under 168 hours', () => {
    expect(postTime({ publishedAt: ago(HOUR), createdAt: ago(0) }, NOW).text).toBe('1 hour ago');
    expect(
      postTime({ publishedAt: ago(23 * HOUR + 59 * 60_000), createdAt: ago(0) }, NOW).text,
    ).toBe('23 hours ago');
    expect(postTime({ publishedAt: ago(24 * HOUR), createdAt: ago(0) }, NOW).text).toBe(
      '1 day ago',
    );
    expect(postTime({ publishedAt: ago(167 * HOUR), createdAt: ago(0) }, NOW).text).toBe(
      '6 days ago',
    );
  });

  it('shows the date from 168 hours on', () => {
    const time = postTime({ publishedAt: ago(168 * HOUR), createdAt: ago(0) }, NOW);
    expect(time.text).toBe('Nov 19, 2026');
  });

  it('times a post by its publication, a draft by its creation', () => {
    expect(postTime({ publishedAt: ago(2 * HOUR), createdAt: ago(30 * HOUR) }, NOW)).toEqual({
      iso: ago(2 * HOUR),
      text: '2 hours ago',
    });
    expect(postTime({ publishedAt: null, createdAt: ago(30 * HOUR) }, NOW).text).toBe('1 day ago');
  });
});

describe('ad slot placement (000 §4, §9)', () => {
  const ids = (count: number, from = 0) =>
    Array.from({ length: count }, (_, index) => `p${index + from}`);

  it('draws gaps evenly from 4 to 20 inclusive', () => {
    expect(drawAdGap(() => 0)).toBe(AD_GAP.min);
    expect(drawAdGap(() => 0.999999)).toBe(AD_GAP.max);
    expect(drawAdGap(() => 1)).toBe(AD_GAP.max);
    const seen = new Set(Array.from({ length: 17 }, (_, step) => drawAdGap(() => step / 17)));
    expect([...seen].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 17 }, (_, step) => step + 4),
    );
  });

  it('puts a slot after each gap of posts', () => {
    // Gaps of 4, then 20, then 4 again.
    const random = draws(0, 0.9999, 0, 0.5);
    const plan = extendAdPlan(emptyAdPlan(random), ids(30), random);
    expect(plan.after).toEqual(['p3', 'p23', 'p27']);
    const items = withAdSlots(ids(30), plan);
    expect(items.filter((item) => item.adAfter).map((item) => item.postId)).toEqual([
      'p3',
      'p23',
      'p27',
    ]);
    expect(items).toHaveLength(30);
  });

  it('keeps the slots beside the same posts as more load and new ones arrive on top', () => {
    const random = draws(0, 0, 0, 0, 0, 0, 0, 0);
    const first = extendAdPlan(emptyAdPlan(random), ids(6), random);
    expect(first.after).toEqual(['p3']);
    expect(first.gapLeft).toBe(2);
    const more = extendAdPlan(first, ids(11), random);
    expect(more.after).toEqual(['p3', 'p7']);
    expect(more.gapLeft).toBe(1);
    const withNew = extendAdPlan(more, ['n1', 'n2', ...ids(11)], random);
    expect(withNew.after).toEqual(['p3', 'p7', 'n1']);
    expect(withNew.gapLeft).toBe(3);
  });

  it('returns the same plan when no post is new', () => {
    const random = draws(0.3);
    const plan = extendAdPlan(emptyAdPlan(random), ids(3), random);
    expect(extendAdPlan(plan, ids(3), draws())).toBe(plan);
  });

  it('spaces slots 4 to 20 posts apart over a long feed', () => {
    let seed = 7;
    const random: RandomSource = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const all = ids(2000);
    const plan = extendAdPlan(emptyAdPlan(random), all, random);
    const positions = plan.after.map((id) => all.indexOf(id) + 1);
    const gaps = positions.map((at, index) => at - (positions[index - 1] ?? 0));
    expect(gaps.length).toBeGreaterThan(2000 / 20 - 1);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(AD_GAP.min);
      expect(gap).toBeLessThanOrEqual(AD_GAP.max);
    }
  });
});

describe('share links (001 §7, §9)', () => {
  it('points at the post page', () => {
    expect(postShareUrl('https://agora.test', 'abc')).toBe('https://agora.test/post/abc');
  });

  it('carries the first 100 characters of the content, else of the title', () => {
    const long = 'x'.repeat(150);
    expect(shareText({ content: long, title: 'T' })).toBe('x'.repeat(100));
    expect(shareText({ content: '  short  ', title: 'T' })).toBe('short');
    expect(shareText({ content: '   ', title: 'The title' })).toBe('The title');
    // 99 letters then an emoji of two UTF-16 units: kept whole, as the 100th character.
    const emoji = `${'a'.repeat(99)}😀tail`;
    expect(shareText({ content: emoji, title: '' })).toBe(`${'a'.repeat(99)}😀`);
  });

  it('builds the Facebook sharer and X intent addresses', () => {
    const url = 'https://agora.test/post/abc';
    expect(facebookShareUrl(url)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fagora.test%2Fpost%2Fabc',
    );
    const x = new URL(xShareUrl('Hello & welcome', url));
    expect(x.origin + x.pathname).toBe('https://x.com/intent/tweet');
    expect(x.searchParams.get('text')).toBe('Hello & welcome');
    expect(x.searchParams.get('url')).toBe(url);
  });

  it('opens a 600x400 popup centred on the window', () => {
    const features = sharePopupFeatures({
      screenX: 100,
      screenY: 50,
      outerWidth: 1400,
      outerHeight: 900,
    });
    expect(features).toContain('width=600');
    expect(features).toContain('height=400');
    expect(features).toContain('left=500');
    expect(features).toContain('top=300');
    expect(
      sharePopupFeatures({ screenX: 0, screenY: 0, outerWidth: 300, outerHeight: 200 }),
    ).toContain('left=0,top=0');
  });
});

describe('optimistic like (000 §4)', () => {
  it('moves the count by one either way, never below 0', () => {
    expect(toggledLike({ likes: 3, likedByMe: false })).toEqual({ likes: 4, likedByMe: true });
    expect(toggledLike({ likes: 4, likedByMe: true })).toEqual({ likes: 3, likedByMe: false });
    expect(toggledLike({ likes: 0, likedByMe: true })).toEqual({ likes: 0, likedByMe: false });
  });

  it('shows the guess while pending and the held state otherwise (a failure reverts)', () => {
    const held = { likes: 7, likedByMe: false };
    const guess = toggledLike(held);
    expect(shownLike(held, guess)).toEqual({ likes: 8, likedByMe: true });
    expect(shownLike(held, null)).toEqual(held);
  });
});

describe('video controls (000 §4, §9)', () => {
  const run = (events: VideoControlsEvent[], from: VideoControlsState = initialVideoControls) =>
    events.reduce(videoControlsReducer, from);

  it('keeps the volume between 0 and 1 in steps of 0.1', () => {
    expect(VOLUME_STEP).toBe(0.1);
    expect(snapVolume(0.34)).toBe(0.3);
    expect(snapVolume(0.35)).toBe(0.4);
    expect(snapVolume(-1)).toBe(0);
    expect(snapVolume(3)).toBe(1);
    expect(snapVolume(Number.NaN)).toBe(0);
    expect(stepVolume(0.7, 1)).toBe(0.8);
    expect(stepVolume(1, 1)).toBe(1);
    expect(stepVolume(0.1, -1)).toBe(0);
    expect(stepVolume(0, -1)).toBe(0);
    let volume = 0;
    for (let step = 0; step < 10; step += 1) volume = stepVolume(volume, 1);
    expect(volume).toBe(1);
  });

  it('hides the controls 3 s after the pointer moved, only while playing', () => {
    expect(CONTROLS_HIDE_MS).toBe(3000);
    const playing = run([{ type: 'played' }]);
    expect(hideTimerWanted(playing)).toBe(true);
    const hidden = run([{ type: 'hideTimerFired' }], playing);
    expect(hidden.controlsVisible).toBe(false);
    expect(hideTimerWanted(hidden)).toBe(false);
    expect(run([{ type: 'pointerMoved' }], hidden).controlsVisible).toBe(true);
    const paused = run([{ type: 'hideTimerFired' }]);
    expect(paused.controlsVisible).toBe(true);
    expect(hideTimerWanted(paused)).toBe(false);
    expect(run([{ type: 'paused' }], hidden).controlsVisible).toBe(true);
  });

  it('mirrors volume, picture-in-picture and fullscreen from the element', () => {
    const state = run([
      { type: 'volumeChanged', volume: 0.6000000001, muted: true },
      { type: 'pictureInPictureChanged', active: true },
      { type: 'fullscreenChanged', active: true },
    ]);
    expect(state).toMatchObject({
      volume: 0.6,
      muted: true,
      pictureInPicture: true,
      fullscreen: true,
    });
    expect(isSilent(state)).toBe(true);
  });

  it('mutes and unmutes, bringing sound back to a slider left at 0', () => {
    expect(toggledSound({ muted: false, volume: 0.4 })).toEqual({ muted: true, volume: 0.4 });
    expect(toggledSound({ muted: true, volume: 0.4 })).toEqual({ muted: false, volume: 0.4 });
    expect(toggledSound({ muted: false, volume: 0 })).toEqual({ muted: false, volume: 0.5 });
    expect(isSilent({ muted: false, volume: 0 })).toBe(true);
  });

  it('maps the player keys', () => {
    expect(videoKeyCommand('k')).toBe('togglePlay');
    expect(videoKeyCommand('M')).toBe('toggleMute');
    expect(videoKeyCommand('f')).toBe('toggleFullscreen');
    expect(videoKeyCommand('ArrowUp')).toBe('volumeUp');
    expect(videoKeyCommand('ArrowDown')).toBe('volumeDown');
    expect(videoKeyCommand('ArrowLeft')).toBe('seekBack');
    expect(videoKeyCommand('l')).toBe('seekForward');
    expect(videoKeyCommand(' ')).toBeNull();
    expect(videoKeyCommand('Enter')).toBeNull();
  });

  it('formats the clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(754)).toBe('12:34');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('feed list', () => {
  const page = (posts: Post[], nextCursor: string | null = null): FeedPage => ({
    posts,
    nextCursor,
  });

  it('lists each post once, in page order', () => {
    expect(feedPostIds(undefined)).toEqual([]);
    expect(feedPostIds([page([post('a'), post('b')]), page([post('b'), post('c')])])).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('puts new posts on top, newest first, without repeating one already there', () => {
    const held = [post('a', ago(HOUR)), post('b', ago(2 * HOUR))];
    const merged = mergeNewPosts(held, [
      post('n1', ago(10 * 60_000)),
      post('a', ago(HOUR)),
      post('n2', ago(60_000)),
      post('n2', ago(60_000)),
    ]);
    expect(merged.map((each) => each.id)).toEqual(['n2', 'n1', 'a', 'b']);
    expect(mergeNewPosts(held, []).map((each) => each.id)).toEqual(['a', 'b']);
  });

  it('counts the rows added above the former first row', () => {
    expect(rowsAddedAbove('a', ['n1', 'n2', 'a', 'b'])).toBe(2);
    expect(rowsAddedAbove('a', ['a', 'b'])).toBe(0);
    expect(rowsAddedAbove('gone', ['a', 'b'])).toBe(0);
    expect(rowsAddedAbove(null, ['a'])).toBe(0);
  });

  it('shows the loader, a retry, or the end of the feed', () => {
    const base = { hasNextPage: true, isFetchingNextPage: false, isFetchNextPageError: false };
    expect(feedFooter(base)).toBe('more');
    expect(feedFooter({ ...base, isFetchingNextPage: true })).toBe('loading');
    expect(feedFooter({ ...base, isFetchNextPageError: true })).toBe('failed');
    expect(feedFooter({ ...base, hasNextPage: false })).toBe('end');
  });

  it('names the new posts', () => {
    expect(newPostsText(1)).toBe('1 new post');
    expect(newPostsText(3)).toBe('3 new posts');
  });
});

describe('card text', () => {
  it('shows a short post whole', () => {
    expect(cardText('Hello\nworld  ', 600)).toEqual({ text: 'Hello\nworld', truncated: false });
  });

  it('cuts a long post at a word boundary', () => {
    const text = `${'word '.repeat(200)}end`;
    const shown = cardText(text, 600);
    expect(shown.truncated).toBe(true);
    expect(shown.text.endsWith('word…')).toBe(true);
    expect(Array.from(shown.text).length).toBeLessThanOrEqual(601);
  });

  it('cuts one unbroken run of letters where it must', () => {
    expect(cardText('x'.repeat(700), 600)).toEqual({
      text: `${'x'.repeat(600)}…`,
      truncated: true,
    });
  });
});

describe('loader visibility (000 §4: threshold 0.1)', () => {
  const viewport = { width: 1000, height: 800 };
  const box = (top: number, height = 100) => ({ top, bottom: top + height, left: 0, right: 500 });

  it('measures the share of the box inside the viewport', () => {
    expect(visibleRatio(box(100), viewport)).toBe(1);
    expect(visibleRatio(box(790), viewport)).toBeCloseTo(0.1);
    expect(visibleRatio(box(795), viewport)).toBeCloseTo(0.05);
    expect(visibleRatio(box(800), viewport)).toBe(0);
    expect(visibleRatio(box(-95), viewport)).toBeCloseTo(0.05);
    expect(visibleRatio(box(2000), viewport)).toBe(0);
  });

  it('counts an empty box as out of view', () => {
    expect(visibleRatio(box(100, 0), viewport)).toBe(0);
  });
});

import {
  HASHTAG_MAX,
  HASHTAGS_PER_POST_MAX,
  hashtagParamSchema,
  hashtagsIn,
  parseHashtag,
  textSegments,
} from '../../shared/hashtags';
import { setTagFollow } from '../../server/domains/hashtags/commands';
import { ANA, decide } from './support/decide';

describe('hashtags in text', () => {
  it('finds tags of letters, digits and underscores, normalised, each once', () => {
    expect(hashtagsIn('Hello #Agora and #agora, #dev_2026! #Ünïcode #日本語 #café')).toEqual([
      'agora',
      'dev_2026',
      'ünïcode',
      '日本語',
      'café',
    ]);
  });

  it('folds compatibility forms and case (NFKC, then lower case)', () => {
    expect(hashtagsIn('#ＡＧＯＲＡ #Agora')).toEqual(['agora']);
    // A decomposed é (e + combining accent) is the composed one.
    expect(hashtagsIn('#cafe\u0301')).toEqual(['café']);
  });

  it('needs no letter, digit or underscore before the #, and a letter in the tag', () => {
    expect(hashtagsIn('a#b x_#y 9#z')).toEqual([]);
    expect(hashtagsIn('(#one) "#two" ,#three')).toEqual(['one', 'two', 'three']);
    expect(hashtagsIn('#1 #2024 #2024_')).toEqual(['2024_']);
    expect(hashtagsIn('## #')).toEqual([]);
    // A letter outside the BMP counts as one; an emoji is no letter.
    expect(hashtagsIn('\u{1D400}#x \u{1F600}#y')).toEqual(['y']);
  });

  it('never finds one inside a link', () => {
    expect(hashtagsIn('see https://x.example/#frag and www.example.com/a#b then #real')).toEqual([
      'real',
    ]);
    expect(hashtagsIn('https://x.example/path #after')).toEqual(['after']);
  });

  it(`refuses a tag longer than ${HASHTAG_MAX} characters as no tag at all`, () => {
    const longest = 'a'.repeat(HASHTAG_MAX);
    expect(hashtagsIn(`#${longest} #${longest}b`)).toEqual([longest]);
    expect(parseHashtag(`${longest}b`)).toEqual({ error: 'long' });
    expect(parseHashtag('no-dash')).toEqual({ error: 'bad' });
    expect(parseHashtag('#Fine')).toEqual({ tag: 'fine' });
  });

  it(`indexes at most ${HASHTAGS_PER_POST_MAX} tags of one text`, () => {
    const text = Array.from({ length: 40 }, (_, i) => `#t${i}`).join(' ');
    expect(hashtagsIn(text)).toHaveLength(HASHTAGS_PER_POST_MAX);
  });

  it('cuts text into plain runs and tags that join back into the text', () => {
    const text = 'Go #Agora! https://x.example/#no and #Two';
    const segments = textSegments(text);
    expect(segments).toEqual([
      { kind: 'text', text: 'Go ' },
      { kind: 'hashtag', text: '#Agora', tag: 'agora' },
      { kind: 'text', text: '! https://x.example/#no and ' },
      { kind: 'hashtag', text: '#Two', tag: 'two' },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(textSegments('')).toEqual([]);
  });

  it('reads a tag a path names, or answers why it is none', () => {
    expect(hashtagParamSchema.parse('#Agora')).toBe('agora');
    expect(hashtagParamSchema.parse('ＡＧＯＲＡ')).toBe('agora');
    expect(hashtagParamSchema.safeParse('no tag').success).toBe(false);
    expect(
      hashtagParamSchema.safeParse('x'.repeat(HASHTAG_MAX + 1)).error?.issues[0]?.message,
    ).toBe(`A tag is at most ${HASHTAG_MAX} characters.`);
  });
});

describe('following a tag', () => {
  it('follows with one event on the tag stream of the member, and answers the new version', async () => {
    const followed = await decide(
      setTagFollow,
      { following: false, version: 2 },
      { userId: ANA, tag: 'agora', follow: true },
    );
    expect(followed.appends).toEqual([
      { streamId: `tag-follow-${ANA}-agora`, expectedVersion: 2, types: ['TagFollowed'] },
    ]);
    expect(followed.events).toEqual([{ type: 'TagFollowed', data: { userId: ANA, tag: 'agora' } }]);
    // The follow limit is counted at commit, under the member's lock.
    expect(followed.guards).toBe(2);
    expect(followed.result).toEqual({ tag: 'agora', following: true, version: 3 });
  });

  it('unfollows with no limit to check', async () => {
    const unfollowed = await decide(
      setTagFollow,
      { following: true, version: 3 },
      { userId: ANA, tag: 'agora', follow: false },
    );
    expect(unfollowed.events).toEqual([
      { type: 'TagUnfollowed', data: { userId: ANA, tag: 'agora' } },
    ]);
    expect(unfollowed.guards).toBe(0);
    expect(unfollowed.result).toEqual({ tag: 'agora', following: false, version: 4 });
  });

  it('is idempotent: the state it already has appends nothing', async () => {
    for (const follow of [true, false]) {
      const same = await decide(
        setTagFollow,
        { following: follow, version: 5 },
        { userId: ANA, tag: 'agora', follow },
      );
      expect(same.appends).toEqual([]);
      expect(same.result).toEqual({ tag: 'agora', following: follow, version: 5 });
    }
  });
});

import { searchQuerySchema, searchWordsOf, tagPrefixOf } from '../../shared/search';
import { DomainError } from '../../server/core/errors';
import { decodeSearchCursor, encodeSearchCursor } from '../../server/domains/search/search-cursor';

const ID = '10000000-0000-4000-8000-000000000001';

describe('the words of a search as a full-text query', () => {
  it('keeps letters and digits of each word, every word to match', () => {
    expect(searchWordsOf('Harbour')).toBe('harbour');
    expect(searchWordsOf("o'clock & (x | !y) <-> z:*")).toBe('o & clock & x & y & z');
    expect(searchWordsOf('Ünïcode 42')).toBe('ünïcode & 42');
  });

  it('is none when no word is left, and at most eight words', () => {
    expect(searchWordsOf('!!! & |')).toBeNull();
    expect(searchWordsOf('a b c d e f g h i j')).toBe('a & b & c & d & e & f & g & h');
  });
});

describe('the tag a search text begins', () => {
  it('is normalised as tags are stored, with or without its #', () => {
    expect(tagPrefixOf('#Ago')).toBe('ago');
    expect(tagPrefixOf(' ＡＧＯ ')).toBe('ago');
    expect(tagPrefixOf('20')).toBe('20');
  });

  it('is none for what could begin no tag', () => {
    expect(tagPrefixOf('two words')).toBeNull();
    expect(tagPrefixOf('no-dash')).toBeNull();
    expect(tagPrefixOf('#')).toBeNull();
    expect(tagPrefixOf('a'.repeat(65))).toBeNull();
  });
});

describe('the search query', () => {
  it('trims the text and refuses it blank or too long, naming the field', () => {
    expect(searchQuerySchema.parse({ q: '  ana ' })).toEqual({
      q: 'ana',
      type: 'posts',
      limit: 20,
    });
    for (const q of ['   ', '\u200b', 'a'.repeat(101), undefined]) {
      const parsed = searchQuerySchema.safeParse({ q });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['q']);
    }
  });
});

describe('a search cursor', () => {
  it('reads back what it holds, for its own tab only', () => {
    const cursor = encodeSearchCursor('posts', ['2026-12-07T10:00:00.000Z', ID]);
    expect(decodeSearchCursor('posts', cursor, ['time', 'uuid'])).toEqual([
      '2026-12-07T10:00:00.000Z',
      ID,
    ]);
    expect(() => decodeSearchCursor('tags', cursor, ['text'])).toThrow(DomainError);
  });

  it('refuses what it did not make', () => {
    const at = '2026-12-07T10:00:00.000Z';
    const refused: [string, () => unknown][] = [
      ['not base64 JSON', () => decodeSearchCursor('people', 'nonsense', ['position'])],
      [
        'a position of 0',
        () => decodeSearchCursor('people', encodeSearchCursor('people', [0]), ['position']),
      ],
      [
        'a fraction',
        () => decodeSearchCursor('people', encodeSearchCursor('people', [1.5]), ['position']),
      ],
      [
        'no time',
        () =>
          decodeSearchCursor('posts', encodeSearchCursor('posts', ['yesterday', ID]), [
            'time',
            'uuid',
          ]),
      ],
      [
        'no id',
        () => decodeSearchCursor('posts', encodeSearchCursor('posts', [at, 'x']), ['time', 'uuid']),
      ],
      [
        'a value too many',
        () =>
          decodeSearchCursor('communities', encodeSearchCursor('communities', ['a', ID, 'b']), [
            'text',
            'uuid',
          ]),
      ],
      [
        'an object',
        () => decodeSearchCursor('tags', Buffer.from('{"tags":1}').toString('base64url'), ['text']),
      ],
    ];
    for (const [why, decode] of refused) {
      expect(() => {
        try {
          decode();
        } catch (error) {
          throw new Error(`${why}: ${(error as Error).name}`, { cause: error });
        }
      }).toThrow(`${why}: DomainError`);
    }
  });
});

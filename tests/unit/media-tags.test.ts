import fc from 'fast-check';
import { MAX_TAGS, TAG_MAX, tagsSchema } from '../../shared/media';
import {
  addTag,
  commitDraft,
  removeLastTag,
  removeTag,
  sameTags,
  tagMessages,
  typeDraft,
} from '../../web/features/media/tagEditing';

const many = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`);

describe('adding a tag (001 §3: tags of an image or video)', () => {
  it('trims it and refuses blank, too long and control characters with the server’s words', () => {
    expect(addTag([], '  cats ')).toEqual({ tags: ['cats'], problem: null });
    expect(addTag(['a'], '   ')).toEqual({ tags: ['a'], problem: tagMessages.blank });
    expect(addTag([], '\u200b')).toEqual({ tags: [], problem: tagMessages.blank });
    expect(addTag([], 'x'.repeat(TAG_MAX)).problem).toBeNull();
    expect(addTag([], 'x'.repeat(TAG_MAX + 1)).problem).toBe(tagMessages.tooLong);
    expect(addTag([], 'a\tb').problem).toBe(tagMessages.control);
  });

  it('keeps a repeat once, and refuses a new tag past the limit but not a repeat', () => {
    expect(addTag(['cats'], ' cats')).toEqual({ tags: ['cats'], problem: null });
    const full = many(MAX_TAGS);
    expect(addTag(full, 'one more')).toEqual({ tags: full, problem: tagMessages.tooMany });
    expect(addTag(full, 'tag0')).toEqual({ tags: full, problem: null });
  });

  it('accepts exactly what the server accepts, alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: TAG_MAX + 5 }), (typed) => {
        expect(addTag([], typed).problem === null).toBe(tagsSchema.safeParse([typed]).success);
      }),
    );
  });
});

describe('typing in the tag input', () => {
  it('turns what comes before a comma into a tag and keeps the rest as the draft', () => {
    expect(typeDraft([], 'cat')).toEqual({ tags: [], draft: 'cat', problem: null });
    expect(typeDraft([], 'cat,')).toEqual({ tags: ['cat'], draft: '', problem: null });
    expect(typeDraft(['a'], 'b, c,d')).toEqual({
      tags: ['a', 'b', 'c'],
      draft: 'd',
      problem: null,
    });
  });

  it('drops a blank piece with a message, and keeps a refused one to fix', () => {
    expect(typeDraft(['a'], ',')).toEqual({ tags: ['a'], draft: '', problem: tagMessages.blank });
    const long = 'x'.repeat(TAG_MAX + 1);
    expect(typeDraft([], `ok,${long},y`)).toEqual({
      tags: ['ok'],
      draft: `${long},y`,
      problem: tagMessages.tooLong,
    });
  });

  it('adds everything on Enter, including a pasted list', () => {
    expect(commitDraft(['a'], ' b , c ')).toEqual({
      tags: ['a', 'b', 'c'],
      draft: '',
      problem: null,
    });
    expect(commitDraft([], '')).toEqual({ tags: [], draft: '', problem: tagMessages.blank });
    expect(commitDraft(many(MAX_TAGS - 1), 'x,y')).toEqual({
      tags: [...many(MAX_TAGS - 1), 'x'],
      draft: 'y',
      problem: tagMessages.tooMany,
    });
  });
});

describe('removing tags', () => {
  it('removes one by name, or the last one', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(removeLastTag(['a', 'b'])).toEqual(['a']);
    expect(removeLastTag([])).toEqual([]);
  });

  it('compares lists in order', () => {
    expect(sameTags(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTags(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTags(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('whatever is typed, pasted or removed', () => {
  const step = fc.oneof(
    fc.record({ op: fc.constant('type' as const), text: fc.string({ maxLength: 60 }) }),
    fc.record({ op: fc.constant('enter' as const) }),
    fc.record({ op: fc.constant('backspace' as const) }),
    fc.record({ op: fc.constant('remove' as const), index: fc.nat() }),
  );

  it('the tags are always a list the server stores unchanged', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let state = { tags: [] as readonly string[], draft: '' };
        for (const s of steps) {
          if (s.op === 'type') state = typeDraft(state.tags, state.draft + s.text);
          else if (s.op === 'enter') state = commitDraft(state.tags, state.draft);
          else if (s.op === 'backspace') state = { ...state, tags: removeLastTag(state.tags) };
          else {
            const tag = state.tags[s.index % Math.max(1, state.tags.length)];
            if (tag !== undefined) state = { ...state, tags: removeTag(state.tags, tag) };
          }
          expect(state.tags.length).toBeLessThanOrEqual(MAX_TAGS);
          expect(tagsSchema.parse([...state.tags])).toEqual(state.tags);
        }
      }),
    );
  });
});

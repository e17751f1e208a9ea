import { MENTION_MAX, mentionHandles, splitMentions } from '../../shared/mentions';

describe('mentions in a text', () => {
  it('finds @usernames once each, lower-cased, in order', () => {
    expect(mentionHandles('hi @Ana and @bob_1, then @ana again.')).toEqual(['ana', 'bob_1']);
  });

  it('leaves addresses, paths, short and over-long names alone', () => {
    const long = 'x'.repeat(31);
    expect(mentionHandles(`ana@example.com /@ana @ab @${long} @@ana`)).toEqual([]);
  });

  it('stops at the most one text may mention', () => {
    const many = Array.from({ length: MENTION_MAX + 5 }, (_, n) => `@member${n}`).join(' ');
    expect(mentionHandles(many)).toHaveLength(MENTION_MAX);
  });

  it('cuts the text around its mentions, keeping every character', () => {
    const content = '@Ana, see @bob! Mail a@b.cc';
    const pieces = splitMentions(content);
    expect(pieces).toEqual([
      { text: '@Ana', handle: 'ana' },
      { text: ', see ' },
      { text: '@bob', handle: 'bob' },
      { text: '! Mail a@b.cc' },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(content);
  });
});

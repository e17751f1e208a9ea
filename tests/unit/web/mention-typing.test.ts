import {
  matchingMembers,
  typedMention,
  withMention,
} from '../../../web/features/mentions/mentionTyping';

describe('the @mention being typed', () => {
  it('is found right after an @ that starts a word, with the name so far', () => {
    expect(typedMention('Hi @', 4)).toEqual({ start: 3, query: '' });
    expect(typedMention('Hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(typedMention('@an', 3)).toEqual({ start: 0, query: 'an' });
  });

  it('is not found in an address, after a space, or once the caret left it', () => {
    expect(typedMention('mail ana@ex', 11)).toBeNull();
    expect(typedMention('Hi @ana ', 8)).toBeNull();
    expect(typedMention('Hi @ana and', 11)).toBeNull();
  });

  it('is replaced by the chosen username and a space, the caret after them', () => {
    const text = 'Hi @an, welcome';
    const typed = typedMention(text, 6)!;
    expect(withMention(text, 6, typed, 'ana_b')).toEqual({
      text: 'Hi @ana_b , welcome',
      caret: 10,
    });
    const middle = 'Hi @anxyz there';
    expect(withMention(middle, 6, typedMention(middle, 6)!, 'ana')).toEqual({
      text: 'Hi @ana there',
      caret: 8,
    });
  });
});

describe('the members a fixed list offers', () => {
  const bo = {
    id: '10000000-0000-4000-8000-000000000002',
    username: 'bo_lind',
    displayName: 'Bo Lindqvist',
    avatar: null,
    relation: 'other' as const,
  };

  it('offers every member for a bare @, and those whose username or a name word starts so', () => {
    expect(matchingMembers([bo], '')).toEqual([bo]);
    expect(matchingMembers([bo], 'BO_')).toEqual([bo]);
    expect(matchingMembers([bo], 'lindq')).toEqual([bo]);
    expect(matchingMembers([bo], 'ind')).toEqual([]);
  });
});

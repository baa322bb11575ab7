import { describe, expect, it } from 'vitest';
import { insertMention, mentionMatches, mentionParts, mentionQuery, mentionsMe } from './mentions.ts';

const ada = { _id: 'a', name: 'Ada Lovelace', profilePicture: '', username: 'ada' };
const bo = { _id: 'b', name: 'Bo Builder', profilePicture: '', username: 'bo.dev' };
const noName = { _id: 'c', name: 'Cy', profilePicture: '' };
const people = [ada, bo, noName];

describe('mentionParts', () => {
  it('marks the mentions the server resolved, the reader’s own apart', () => {
    expect(mentionParts('hi @Ada and @bo.dev!', ['a', 'b'], people, 'a')).toEqual([
      { text: 'hi ' },
      { text: '@Ada', mention: { userId: 'a', me: true } },
      { text: ' and ' },
      { text: '@bo.dev', mention: { userId: 'b', me: false } },
      { text: '!' },
    ]);
  });

  it('leaves an @name the server did not resolve plain', () => {
    expect(mentionParts('hi @ada and @bo.dev', ['b'], people, 'a')).toEqual([
      { text: 'hi @ada and ' },
      { text: '@bo.dev', mention: { userId: 'b', me: false } },
    ]);
    expect(mentionParts('mail ada@example.com', [], people, 'a')).toEqual([{ text: 'mail ada@example.com' }]);
  });
});

describe('mentionsMe', () => {
  it('is true for a message of someone else’s that mentions the reader', () => {
    expect(mentionsMe({ mentions: ['a'], sender: { _id: 'b' } }, 'a')).toBe(true);
    expect(mentionsMe({ mentions: ['a'], sender: { _id: 'a' } }, 'a')).toBe(false);
    expect(mentionsMe({ mentions: ['b'], sender: { _id: 'b' } }, 'a')).toBe(false);
    expect(mentionsMe({ sender: { _id: 'b' } }, undefined)).toBe(false);
  });
});

describe('mentionQuery', () => {
  it('finds the @name being typed at the caret', () => {
    expect(mentionQuery('hello @ad', 9)).toEqual({ start: 6, query: 'ad' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('(@bo.d', 6)).toEqual({ start: 1, query: 'bo.d' });
  });

  it('finds none in an address, after a space, or before the caret reaches it', () => {
    expect(mentionQuery('ada@exa', 7)).toBeNull();
    expect(mentionQuery('@ada ', 5)).toBeNull();
    expect(mentionQuery('hi @ada', 2)).toBeNull();
  });
});

describe('mentionMatches', () => {
  it('lists members with a username, those starting with the query first', () => {
    expect(mentionMatches(people, '')).toEqual([ada, bo]);
    expect(mentionMatches(people, 'B')).toEqual([bo]);
    expect(mentionMatches(people, 'love')).toEqual([ada]);
    expect(mentionMatches(people, 'dev')).toEqual([bo]);
    expect(mentionMatches(people, 'cy')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('replaces the query with the username and a space, the caret after it', () => {
    expect(insertMention('hi @ad', 3, 6, 'ada')).toEqual({ text: 'hi @ada ', caret: 8 });
    expect(insertMention('@b see', 0, 2, 'bo.dev')).toEqual({ text: '@bo.dev see', caret: 8 });
  });
});

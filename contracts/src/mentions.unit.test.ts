import { describe, expect, it } from 'vitest';
import { mentionedNames, mentionSpans, resolveMentions } from './mentions.ts';

const ada = { userId: '00000000-0000-4000-8000-00000000000a', username: 'Ada' };
const bo = { userId: '00000000-0000-4000-8000-00000000000b', username: 'bo.dev' };
const nameless = { userId: '00000000-0000-4000-8000-00000000000c', username: null };
const members = [ada, bo, nameless];

describe('resolveMentions', () => {
  it('resolves members by username without regard to case, each once, in the order first mentioned', () => {
    expect(resolveMentions('@bo.dev and @ADA, then @ada again', members)).toEqual([bo.userId, ada.userId]);
  });

  it('leaves names that are no member plain', () => {
    expect(resolveMentions('@grace and @ada', members)).toEqual([ada.userId]);
    expect(resolveMentions('@grace', members)).toEqual([]);
  });

  it('reads a name followed by punctuation', () => {
    expect(resolveMentions('Thanks @ada. And @bo.dev!', members)).toEqual([ada.userId, bo.userId]);
    expect(resolveMentions('(@ada), @bo.dev-', members)).toEqual([ada.userId, bo.userId]);
    expect(resolveMentions('@ada: look', members)).toEqual([ada.userId]);
  });

  it('does not take an email address or a longer name for a mention', () => {
    expect(resolveMentions('write to ada@example.com', [...members, { userId: ada.userId, username: 'example.com' }])).toEqual([]);
    expect(resolveMentions('@adam', members)).toEqual([]);
    expect(resolveMentions('@@ada', members)).toEqual([]);
  });

  it('cannot mention someone without a username', () => {
    expect(resolveMentions('@null @undefined', members)).toEqual([]);
  });
});

describe('mentionSpans', () => {
  it('covers the @ and the name, not the punctuation after it', () => {
    const text = 'hi @Ada.';
    const [span] = mentionSpans(text, members);
    expect(span && text.slice(span.start, span.end)).toBe('@Ada');
  });
});

describe('mentionedNames', () => {
  it('lists every name an @ may stand for, lower-cased', () => {
    expect(mentionedNames('@Ada. @bo-')).toEqual(['ada.', 'ada', 'bo-', 'bo']);
  });
});

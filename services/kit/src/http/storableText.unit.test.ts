import { describe, expect, it } from 'vitest';
import { assertStorable, badTextAt } from './storableText.ts';

const unstorableTextAt = (value: unknown) => badTextAt(value)?.path ?? null;

describe('text PostgreSQL can store', () => {
  it('takes any well-formed text, emoji and other scripts included', () => {
    expect(unstorableTextAt({ name: 'Zoë 😀 日本語', tags: ['a', 'b'], nested: { n: 1, ok: true, none: null } })).toBeNull();
  });

  it('names the first field holding NUL or a lone surrogate, keys included', () => {
    expect(unstorableTextAt({ title: 'a\u0000b' })).toBe('title');
    expect(unstorableTextAt({ agenda: [{ title: 'ok' }, { title: 'x\ud800' }] })).toBe('agenda.1.title');
    expect(unstorableTextAt({ bio: '\udc00 late half' })).toBe('bio');
    expect(unstorableTextAt({ 'k\u0000': 'v' })).toBe('k\u0000');
    expect(unstorableTextAt('\u0000')).toBe('');
  });

  it('refuses control characters but tab and line breaks, ANSI escapes included', () => {
    expect(unstorableTextAt({ content: 'line one\nline two\r\n\tindented' })).toBeNull();
    expect(badTextAt({ name: 'Ada\u001b[31m red' })).toEqual({ path: 'name', message: 'Contains control characters' });
    expect(unstorableTextAt({ name: 'bell\u0007' })).toBe('name');
    expect(unstorableTextAt({ name: 'del\u007f' })).toBe('name');
    expect(unstorableTextAt({ name: 'c1\u009b' })).toBe('name');
  });

  it('does not look into what is not parsed text (a stream, a buffer)', () => {
    expect(unstorableTextAt(Buffer.from('a\u0000b'))).toBeNull();
    expect(
      unstorableTextAt(
        new (class Stream {
          chunk = 'a\u0000';
        })(),
      ),
    ).toBeNull();
  });

  it('refuses with a 400 naming the field, or where the value came from', () => {
    expect(() => assertStorable({ name: 'a\u0000' }, 'body')).toThrow(
      expect.objectContaining({ statusCode: 400, details: [expect.objectContaining({ field: 'name' })] }),
    );
    expect(() => assertStorable('\u0000', 'username')).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ field: 'username' })] }),
    );
  });

  it('refuses values nested deeper than any contract, without overflowing the stack', () => {
    const nested = JSON.parse(`${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    expect(badTextAt(nested)?.message).toBe('Nested too deeply');
    expect(() => assertStorable(nested, 'body')).toThrow(expect.objectContaining({ statusCode: 400, code: 'TOO_DEEP' }));
    expect(badTextAt({ agenda: [{ speakers: [{ name: 'Ada' }] }] })).toBeNull();
  });
});

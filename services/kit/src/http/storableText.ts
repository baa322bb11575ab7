import type { ErrorDetail } from '@commonwork/contracts';
import { createError } from '../errors.ts';

// NUL, and a surrogate without its pair: PostgreSQL stores neither in text or jsonb ("unsupported
// Unicode escape sequence"), and neither is text a person typed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// Control characters other than tab and line breaks (ESC starts the ANSI sequences that repaint a
// terminal showing a log): no one types them, and names or messages carrying them mislead readers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this looks for
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that cannot be stored (NUL or a broken Unicode surrogate)';
export const CONTROL_TEXT_MESSAGE = 'Contains control characters';
export const TOO_DEEP_MESSAGE = 'Nested too deeply';
export const UnstorableText = createError('INVALID_TEXT', UNSTORABLE_TEXT_MESSAGE, 400);
const TooDeep = createError('TOO_DEEP', TOO_DEEP_MESSAGE, 400);

/** Deeper than any contract nests (a few levels): 5,000 nested arrays overflowed the stack (500). */
const MAX_DEPTH = 32;

/** What is wrong with a piece of text, if anything. */
const problemOf = (text: string) => (UNSTORABLE.test(text) ? UNSTORABLE_TEXT_MESSAGE : CONTROL.test(text) ? CONTROL_TEXT_MESSAGE : null);

const isPlainObject = (value: unknown): value is object => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The first string in `value`, key or value, that cannot be stored or holds control characters, or
 * the first value nested too deeply: its path (`title`, `agenda.2.title`) and what is wrong; null if none.
 */
export function badTextAt(value: unknown, path = '', depth = 0): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message ? { path, message } : null;
  }
  // Parsed JSON, a query or params: arrays and plain objects. A body still streaming (an upload, the
  // gateway's proxied requests) is not text to look into.
  if (!Array.isArray(value) && !isPlainObject(value)) return null;
  if (depth >= MAX_DEPTH) return { path, message: TOO_DEEP_MESSAGE };
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const message = problemOf(key);
    if (message) return { path: at, message };
    const found = badTextAt(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the 400 naming the field when `value` holds text that cannot be stored, control characters, or is nested too deeply. */
export function assertStorable(value: unknown, where: string) {
  const bad = badTextAt(value);
  if (!bad) return;
  const details: ErrorDetail[] = [{ field: bad.path || where, message: bad.message }];
  throw bad.message === TOO_DEEP_MESSAGE ? TooDeep(bad.message, details) : UnstorableText(bad.message, details);
}

import { LIMITS } from '@commonwork/contracts';

/** Suggestions are asked for only when the typed text is longer than 2 characters (spec 000 §7). */
export function shouldSuggest(text: string): boolean {
  return text.trim().length >= LIMITS.suggestionMinChars;
}

/**
 * The highlighted option after an arrow key: Down from none (-1) goes to the first, Up from none to
 * the last; both wrap around. With no options nothing is highlighted.
 */
export function moveHighlight(current: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

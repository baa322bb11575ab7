import { describe, expect, it } from 'vitest';
import { formatRelativeTimeLong, formatRelativeTimeShort, formatTimeLabel } from './relativeTime.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('formatRelativeTimeLong', () => {
  it.each([
    [0, 'just now'],
    [4, 'just now'],
    [5, '5 seconds ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [150, '2 minutes ago'],
    [3_600, '1 hour ago'],
    [3 * 3_600, '3 hours ago'],
    [86_400, '1 day ago'],
    [2 * 86_400 + 10, '2 days ago'],
    [2_592_000, '1 month ago'],
    [5 * 2_592_000, '5 months ago'],
    [31_536_000, '1 year ago'],
    [3 * 31_536_000, '3 years ago'],
  ])('%i s ago reads %s', (seconds, expected) => {
    expect(formatRelativeTimeLong(ago(seconds), NOW)).toBe(expected);
  });

  it('treats a date in the future as just now', () => {
    expect(formatRelativeTimeLong(ago(-30), NOW)).toBe('just now');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTimeLong(ago(7_200).toISOString(), NOW)).toBe('2 hours ago');
  });
});

describe('formatRelativeTimeShort', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 min ago'],
    [45 * 60, '45 mins ago'],
    [3_600, '1 hour ago'],
    [23 * 3_600, '23 hours ago'],
    [86_400, '1 day ago'],
    [6 * 86_400, '6 days ago'],
  ])('%i s ago reads %s', (seconds, expected) => {
    expect(formatRelativeTimeShort(ago(seconds), NOW)).toBe(expected);
  });

  it('falls back to the local date string from 7 days on', () => {
    const date = ago(604_800);
    expect(formatRelativeTimeShort(date, NOW)).toBe(date.toLocaleDateString());
  });
});

describe('formatTimeLabel', () => {
  it.each([
    [59 * 60, 'Just now'],
    [3_600, '1h ago'],
    [23 * 3_600 + 59 * 60, '23h ago'],
    [24 * 3_600, '1d ago'],
    [167 * 3_600, '6d ago'],
  ])('%i s ago reads %s', (seconds, expected) => {
    expect(formatTimeLabel(ago(seconds), NOW)).toBe(expected);
  });

  it('falls back to the local date string from 168 hours on', () => {
    const date = ago(168 * 3_600);
    expect(formatTimeLabel(date, NOW)).toBe(date.toLocaleDateString());
  });
});

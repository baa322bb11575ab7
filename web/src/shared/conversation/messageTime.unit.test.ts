import { describe, expect, it } from 'vitest';
import { continuesGroup, messageTime } from './messageTime.ts';

describe('messageTime', () => {
  const now = new Date(2025, 5, 15, 18, 0);
  it('shows the time today, the day this year, the full date before', () => {
    expect(messageTime(new Date(2025, 5, 15, 15, 5), now)).toBe('3:05 PM');
    expect(messageTime(new Date(2025, 2, 4, 15, 5), now)).toBe('Mar 4, 3:05 PM');
    expect(messageTime(new Date(2024, 2, 4, 15, 5), now)).toBe('Mar 4, 2024, 3:05 PM');
  });
});

describe('continuesGroup', () => {
  const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes)).toISOString();
  const from = (id: string, minutes: number) => ({ sender: { _id: id }, createdAt: at(minutes) });

  it('groups one sender within five minutes', () => {
    expect(continuesGroup(from('a', 0), from('a', 4))).toBe(true);
    expect(continuesGroup(from('a', 0), from('a', 5))).toBe(false);
    expect(continuesGroup(from('a', 0), from('b', 1))).toBe(false);
    expect(continuesGroup(undefined, from('a', 1))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { responseFigures, waitText } from './responseFigures.ts';

describe('a freelancer’s response figures', () => {
  it('show the share answered and the median wait once there are enough conversations', () => {
    expect(responseFigures({ conversations: 4, answered: 3, medianMinutes: 95 })).toEqual({ rate: '75%', time: '2 hours' });
    expect(responseFigures({ conversations: 3, answered: 0, medianMinutes: null })).toEqual({ rate: '0%', time: null });
  });

  it('are not shown for fewer conversations than the rule asks (no 98 % for someone who just arrived)', () => {
    expect(responseFigures({ conversations: 2, answered: 2, medianMinutes: 1 })).toBeNull();
    expect(responseFigures({ conversations: 0, answered: 0, medianMinutes: null })).toBeNull();
    expect(responseFigures(undefined)).toBeNull();
  });
});

describe('a wait in words', () => {
  it('reads in minutes, hours or days', () => {
    expect(waitText(0)).toBe('1 min');
    expect(waitText(12)).toBe('12 min');
    expect(waitText(60)).toBe('1 hour');
    expect(waitText(47 * 60)).toBe('47 hours');
    expect(waitText(3 * 24 * 60 + 5)).toBe('3 days');
  });
});

import { describe, expect, it } from 'vitest';
import { median } from './responseTimes.ts';

describe('the median wait', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([30, 5, 600])).toBe(30);
    expect(median([10, 20, 30, 1000])).toBe(25);
    expect(median([7])).toBe(7);
  });

  it('is none without a wait', () => {
    expect(median([])).toBeNull();
  });
});

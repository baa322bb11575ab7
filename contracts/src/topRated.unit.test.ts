import { describe, expect, it } from 'vitest';
import { earnsTopRated } from './topRated.ts';

describe('Top Rated', () => {
  it('is earned by a rating of 4.8 or more from 10 reviews or more', () => {
    expect(earnsTopRated(4.8, 10)).toBe(true);
    expect(earnsTopRated(5, 400)).toBe(true);
  });

  it('is not earned by a high rating from few reviews, many reviews of a lower rating, or nothing', () => {
    expect(earnsTopRated(5, 9)).toBe(false);
    expect(earnsTopRated(4.79, 500)).toBe(false);
    expect(earnsTopRated(0, 0)).toBe(false);
  });
});

import type { Review } from '@commonwork/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activate, loadLocale } from '../../shared/i18n/i18n.ts';
import { filledStars, isStarValue, reviewsOf, starLabel, summaryText } from './stars.ts';

afterEach(() => activate('en'));

describe('the star input', () => {
  it('fills up to the chosen star, none before a choice', () => {
    expect(filledStars(null, null)).toBe(0);
    expect(filledStars(undefined, null)).toBe(0);
    expect(filledStars(4, null)).toBe(4);
  });

  it('previews the star under the pointer over the chosen one', () => {
    expect(filledStars(4, 2)).toBe(2);
    expect(filledStars(null, 5)).toBe(5);
  });

  it('ignores what is not a rating', () => {
    expect(filledStars(7, null)).toBe(0);
    expect(filledStars(2.5, 0)).toBe(0);
    expect(isStarValue(3)).toBe(true);
    expect(isStarValue('3')).toBe(false);
  });

  it('names each star', () => {
    expect(starLabel(1)).toBe('1 star: poor');
    expect(starLabel(5)).toBe('5 stars: excellent');
  });
});

describe('the summary line', () => {
  it("says 'No reviews yet' before the first review, not a rating of 0", () => {
    expect(summaryText({ rating: 0, count: 0 })).toBe('No reviews yet');
  });

  it('gives the average to one decimal and the count', () => {
    expect(summaryText({ rating: 4, count: 1 })).toBe('4.0 from 1 review');
    expect(summaryText({ rating: 4.666, count: 3 })).toBe('4.7 from 3 reviews');
  });

  it('counts in the language shown', async () => {
    await loadLocale('de');
    activate('de');
    expect(summaryText({ rating: 5, count: 2 })).toBe('5.0 aus 2 Bewertungen');
  });
});

describe('the pages of reviews', () => {
  const review = (id: string) => ({ id }) as Review;

  it('shows each review once when a new one shifted the pages', () => {
    const pages = [{ reviews: [review('c'), review('b')] }, { reviews: [review('b'), review('a')] }];
    expect(reviewsOf(pages).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
});

import { describe, expect, it } from 'vitest';
import { changeText, membershipLabel, reviewsText } from './figures.ts';

describe('a change against last month', () => {
  it('reads with its sign', () => {
    expect(changeText(12)).toBe('+12%');
    expect(changeText(-5)).toBe('-5%');
    expect(changeText(0)).toBe('0%');
  });

  it('is not shown when there is nothing to compare with', () => {
    expect(changeText(null)).toBeNull();
    expect(changeText(undefined)).toBeNull();
  });
});

describe('the membership line', () => {
  it("reads 'Premium Member' for a premium plan only", () => {
    expect(membershipLabel('premium')).toBe('Premium Member');
    expect(membershipLabel('basic')).toBe('Basic Member');
  });

  it('says nothing when the plan is not known (a user stored before plans existed)', () => {
    expect(membershipLabel(undefined)).toBeNull();
  });
});

describe('a rating with its reviews', () => {
  it('shows the rating and the count once there are reviews', () => {
    expect(reviewsText(4.85, 12)).toEqual({ rating: '4.8', reviews: '12 reviews' });
    expect(reviewsText(5, 1)).toEqual({ rating: '5.0', reviews: '1 review' });
  });

  it("shows no rating before the first review: 'No reviews yet', not '0.0'", () => {
    expect(reviewsText(0, 0)).toEqual({ rating: null, reviews: 'No reviews yet' });
  });
});

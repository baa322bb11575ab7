import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  chatIdOf,
  countText,
  deliveryLabel,
  gigIdOf,
  isOwner,
  isTopRated,
  ratingText,
  subCategoriesOf,
  subCategoryLabel,
} from './gigDisplay.ts';

describe('deliveryLabel', () => {
  it('uses the delivery option labels', () => {
    expect(deliveryLabel('1')).toBe('1 day');
    expect(deliveryLabel('3')).toBe('3 days');
    expect(deliveryLabel('7')).toBe('1 week');
    expect(deliveryLabel('14')).toBe('2 weeks');
    expect(deliveryLabel('30')).toBe('1 month');
  });

  it("reads another whole number of days as 'N days'", () => {
    expect(deliveryLabel('10')).toBe('10 days');
  });

  it("falls back to the spec's '7 days' when absent or not a number of days", () => {
    expect(deliveryLabel(undefined)).toBe('7 days');
    expect(deliveryLabel(null)).toBe('7 days');
    expect(deliveryLabel('')).toBe('7 days');
    expect(deliveryLabel('soon')).toBe('7 days');
    expect(deliveryLabel('0')).toBe('7 days');
  });
});

describe('labels', () => {
  it('names categories and sub-categories', () => {
    expect(categoryLabel('web')).toBe('Web Development');
    expect(categoryLabel('writing')).toBe('Writing & Translation');
    expect(categoryLabel('unknown')).toBe('unknown');
    expect(subCategoryLabel('cicd')).toBe('CI/CD');
    expect(subCategoryLabel('frontend')).toBe('Frontend');
    expect(subCategoryLabel('other')).toBe('Other');
  });

  it('lists the sub-categories of a category, none for no category', () => {
    expect(subCategoriesOf('mobile')).toEqual(['ios', 'android']);
    expect(subCategoriesOf('')).toEqual([]);
    expect(subCategoriesOf('toString')).toEqual([]);
  });

  it('counts with the right noun', () => {
    expect(countText(1, 'review')).toBe('1 review');
    expect(countText(0, 'order')).toBe('0 orders');
    expect(countText(12, 'view')).toBe('12 views');
  });

  it('formats the rating with one decimal', () => {
    expect(ratingText(4.85)).toBe('4.8');
    expect(ratingText(0)).toBe('0.0');
  });
});

describe('ownership and ids', () => {
  const gig = { freelancer: { _id: 'u1', name: 'Ada', picture: '', status: 'active', profile: { location: '' } } };

  it('owns a gig whose freelancer is the user', () => {
    expect(isOwner(gig, 'u1')).toBe(true);
    expect(isOwner(gig, 'u2')).toBe(false);
    expect(isOwner(gig, null)).toBe(false);
    expect(isOwner(null, 'u1')).toBe(false);
  });

  it('reads _id or id', () => {
    expect(gigIdOf({ _id: 'a', id: 'b' })).toBe('a');
    expect(gigIdOf({ id: 'b' })).toBe('b');
    expect(gigIdOf({})).toBe('');
  });

  it('gives the Top Rated badge to a gig that earned it, wherever it stands in the list', () => {
    expect(isTopRated({ rating: 4.9, reviews: 23 })).toBe(true);
    // The first results of a new marketplace: no reviews, no badge (it went on the first two whatever their rating).
    expect(isTopRated({ rating: 0, reviews: 0 })).toBe(false);
    expect(isTopRated({ rating: 5, reviews: 3 })).toBe(false);
    expect(isTopRated({ rating: 4.5, reviews: 200 })).toBe(false);
  });
});

describe('chatIdOf', () => {
  it('reads the chat id wherever the answer keeps it', () => {
    expect(chatIdOf({ data: { _id: 'c1' } })).toBe('c1');
    expect(chatIdOf({ success: true, chat: { id: 'c2' } })).toBe('c2');
    expect(chatIdOf({ _id: 'c3' })).toBe('c3');
    expect(chatIdOf({ id: 'c4' })).toBe('c4');
    expect(chatIdOf({ chatId: 'c5' })).toBe('c5');
  });

  it('returns null when there is none', () => {
    expect(chatIdOf(null)).toBeNull();
    expect(chatIdOf('c1')).toBeNull();
    expect(chatIdOf({ data: {} })).toBeNull();
  });
});

import type { AiSearchResult } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { refinementLabels } from './filterLabels.ts';
import { applyAiResult, DEFAULT_FILTERS, hasActiveFilters, type ListingParams, listingQueryString } from './listing.ts';

const params = (over: Partial<ListingParams> = {}): ListingParams => ({ ...DEFAULT_FILTERS, search: '', ...over });

const buildAiResult = (over: Partial<AiSearchResult> = {}): AiSearchResult => ({
  interpretedQuery: 'Affordable React landing page',
  explanation: 'You asked for something cheap, so prices under $300.',
  searchQuery: 'react landing page',
  suggestedFilters: { category: 'web', priceRange: 'low', sortBy: 'price-low' },
  subCategory: 'frontend',
  minPrice: null,
  maxPrice: null,
  deliveryDays: null,
  suggestions: ['react landing page under $100'],
  source: 'local',
  ...over,
});

describe('listingQueryString', () => {
  it('asks for 12 a page and leaves the defaults out', () => {
    expect(listingQueryString(params(), 1)).toBe('page=1&limit=12');
  });

  it('sends every filter, the trimmed search and the AI refinements', () => {
    const query = new URLSearchParams(
      listingQueryString(
        params({
          category: 'design',
          priceRange: 'medium',
          sortBy: 'rating',
          search: '  logo design ',
          maxPrice: 500,
          minPrice: 50,
          maxDelivery: 3,
        }),
        2,
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      limit: '12',
      category: 'design',
      priceRange: 'medium',
      sortBy: 'rating',
      search: 'logo design',
      minPrice: '50',
      maxPrice: '500',
      maxDelivery: '3',
    });
  });

  it('drops a blank search', () => {
    expect(listingQueryString(params({ search: '   ' }), 1)).toBe('page=1&limit=12');
  });
});

describe('hasActiveFilters', () => {
  it('is false for the defaults, true for any change', () => {
    expect(hasActiveFilters(params())).toBe(false);
    expect(hasActiveFilters(params({ category: 'web' }))).toBe(true);
    expect(hasActiveFilters(params({ sortBy: 'rating' }))).toBe(true);
    expect(hasActiveFilters(params({ search: 'react' }))).toBe(true);
    expect(hasActiveFilters(params({ maxDelivery: 3 }))).toBe(true);
  });
});

describe('applyAiResult', () => {
  const WORDS = { words: 'react landing page', match: 'any' };

  it('applies the suggested category, price range and sort, and ranks by the words its filters left', () => {
    const applied = applyAiResult(buildAiResult());
    expect(applied.filters).toEqual({ category: 'web', priceRange: 'low', sortBy: 'price-low' });
    expect(applied.refinements).toEqual(WORDS);
    expect(applied).not.toHaveProperty('search');
  });

  it('requires every word when it read no category, as a plain search does', () => {
    const suggestedFilters = { category: 'all', priceRange: 'all', sortBy: 'relevance' } as const;
    expect(applyAiResult(buildAiResult({ suggestedFilters, searchQuery: 'churn' })).refinements).toEqual({ words: 'churn' });
  });

  it('searches its words, not the text the person typed, which the box keeps', () => {
    const { filters, refinements } = applyAiResult(buildAiResult({ deliveryDays: 3 }));
    const typed = 'cheap react landing page who delivers fast';
    const query = Object.fromEntries(new URLSearchParams(listingQueryString({ ...filters, ...refinements, search: typed }, 1)));
    expect(query).toMatchObject({ search: 'react landing page', match: 'any', maxDelivery: '3' });
  });

  it('passes price bounds and the delivery limit on', () => {
    const applied = applyAiResult(buildAiResult({ minPrice: 50, maxPrice: 200, deliveryDays: 3 }));
    expect(applied.refinements).toEqual({ ...WORDS, minPrice: 50, maxPrice: 200, maxDelivery: 3 });
  });

  it('drops bounds that constrain nothing and rounds the delivery to whole days', () => {
    expect(applyAiResult(buildAiResult({ minPrice: 0, deliveryDays: 45 })).refinements).toEqual(WORDS);
    expect(applyAiResult(buildAiResult({ deliveryDays: 2.5 })).refinements).toEqual({ ...WORDS, maxDelivery: 2 });
    expect(applyAiResult(buildAiResult({ deliveryDays: 0.5 })).refinements).toEqual({ ...WORDS, maxDelivery: 1 });
    expect(applyAiResult(buildAiResult({ maxPrice: -1 })).refinements).toEqual(WORDS);
  });
});

describe('refinementLabels', () => {
  it('describes the refinements in US dollars without decimals', () => {
    expect(refinementLabels({ minPrice: 50, maxPrice: 1200.5, maxDelivery: 1 })).toEqual([
      'From $50',
      'Up to $1,201',
      'Delivery within 1 day',
    ]);
    expect(refinementLabels({ maxDelivery: 3 })).toEqual(['Delivery within 3 days']);
    expect(refinementLabels({ words: 'logo', match: 'any' })).toEqual(['Words: logo']);
    expect(refinementLabels({ words: '' })).toEqual([]);
  });
});

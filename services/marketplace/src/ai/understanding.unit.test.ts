import type { GigCategory, PriceRange } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { interpret, searchWordsOf } from './interpret.ts';

/** A Thursday: "by Friday" is one day away, "by Monday" four. */
const THURSDAY = new Date('2026-11-26T10:00:00Z');

type Row = [
  query: string,
  category: GigCategory | 'all',
  subCategory: string | null,
  priceRange: PriceRange,
  minPrice: number | null,
  maxPrice: number | null,
  deliveryDays: number | null,
  searchQuery: string,
];

/** What people type: the words a filter took leave the search words, the rest are in English. */
const ROWS: Row[] = [
  // The request: price, delivery and filler all leave the words.
  ['cheap logo designer who delivers fast', 'design', 'logo', 'low', null, null, 3, 'logo'],
  ['I need someone who can build a landing page please', 'web', 'frontend', 'all', null, null, null, 'landing page'],
  ['looking for someone to translate my app', 'writing', null, 'all', null, null, null, 'translate'],
  // Speed without a deadline, and deadlines.
  ['fast logo', 'design', 'logo', 'all', null, null, 3, 'logo'],
  ['quick logo', 'design', 'logo', 'all', null, null, 3, 'logo'],
  ['logo asap', 'design', 'logo', 'all', null, null, 3, 'logo'],
  ['urgent logo', 'design', 'logo', 'all', null, null, 3, 'logo'],
  ['logo, express delivery', 'design', 'logo', 'all', null, null, 3, 'logo'],
  ['logo in 2 days', 'design', 'logo', 'all', null, null, 2, 'logo'],
  ['logo within a week', 'design', 'logo', 'all', null, null, 7, 'logo'],
  ['logo by Friday', 'design', 'logo', 'all', null, null, 1, 'logo'],
  ['logo before monday', 'design', 'logo', 'all', null, null, 4, 'logo'],
  ['logo by next Friday', 'design', 'logo', 'all', null, null, 8, 'logo'],
  ['logo by Thursday', 'design', 'logo', 'all', null, null, 7, 'logo'],
  ['logo tomorrow', 'design', 'logo', 'all', null, null, 1, 'logo'],
  ['logo this weekend', 'design', 'logo', 'all', null, null, 3, 'logo'],
  ['logo en 2 días', 'design', 'logo', 'all', null, null, 2, 'logo'],
  ['Logo in zwei Tagen', 'design', 'logo', 'all', null, null, 2, 'logo'],
  ['logo schnell', 'design', 'logo', 'all', null, null, 3, 'logo'],
  ['logo para el viernes', 'design', 'logo', 'all', null, null, 1, 'logo'],
  ['fast loading landing page', 'web', 'frontend', 'all', null, null, null, 'fast loading landing page'],
  ['node express api', 'web', 'backend', 'all', null, null, null, 'node express api'],
  ['a sat solver', 'all', null, 'all', null, null, null, 'sat solver'],
  // Prices: words, amounts and other languages' words.
  ['logo under 50', 'design', 'logo', 'low', null, 50, null, 'logo'],
  ['logo less than $100', 'design', 'logo', 'low', null, 100, null, 'logo'],
  ['logo below 30 dollars', 'design', 'logo', 'low', null, 30, null, 'logo'],
  ['logo between 50 and 100', 'design', 'logo', 'low', 50, 100, null, 'logo'],
  ['premium logo', 'design', 'logo', 'high', null, null, null, 'logo'],
  ['high-end logo', 'design', 'logo', 'high', null, null, null, 'logo'],
  ['budget logo', 'design', 'logo', 'low', null, null, null, 'logo'],
  ['logo barato', 'design', 'logo', 'low', null, null, null, 'logo'],
  ['logo pas cher', 'design', 'logo', 'low', null, null, null, 'logo'],
  ['Logo günstig', 'design', 'logo', 'low', null, null, null, 'logo'],
  ['logo unter 100 euro', 'design', 'logo', 'low', null, 100, null, 'logo'],
  ['logo menos de 50', 'design', 'logo', 'low', null, 50, null, 'logo'],
  // Skills by other names, and loanwords.
  ['js developer', 'web', 'frontend', 'all', null, null, null, 'javascript'],
  ['k8s', 'devops', 'infrastructure', 'all', null, null, null, 'kubernetes'],
  ['react dev', 'web', 'frontend', 'all', null, null, null, 'react'],
  ['wordpress guy', 'web', 'wordpress', 'all', null, null, null, 'wordpress'],
  ['seo expert', 'marketing', 'seo', 'all', null, null, null, 'seo'],
  ['ux', 'design', 'ux', 'all', null, null, null, 'ux'],
  ['gcp', 'devops', 'cloud', 'all', null, null, null, 'google cloud'],
  ['diseño de logo', 'design', 'logo', 'all', null, null, null, 'logo'],
  ['développeur web', 'web', null, 'all', null, null, null, ''],
  ['Webentwickler', 'web', null, 'all', null, null, null, ''],
  ['logotipo', 'design', 'logo', 'all', null, null, null, 'logo'],
  ['traducción', 'writing', null, 'all', null, null, null, 'translation'],
  ['sitio web con react', 'web', 'frontend', 'all', null, null, null, 'website react'],
  ['référencement local', 'marketing', 'seo', 'all', null, null, null, 'seo local'],
  ['diseñador gráfico', 'design', 'graphic', 'all', null, null, null, 'graphic designer'],
  ['création de logo', 'design', 'logo', 'all', null, null, null, 'logo'],
  ['cheap but good logo', 'design', 'logo', 'low', null, null, null, 'logo'],
  ["my wordpress site, it's broken", 'web', 'wordpress', 'all', null, null, null, 'wordpress website broken'],
  // Without a category, role words are all there is to look for.
  ['developer', 'all', null, 'all', null, null, null, 'developer'],
];

describe('interpret, as people type', () => {
  it.each(ROWS)('reads %j', (query, category, subCategory, priceRange, minPrice, maxPrice, deliveryDays, searchQuery) => {
    const result = interpret(query, undefined, THURSDAY);
    expect([
      result.suggestedFilters.category,
      result.subCategory,
      result.suggestedFilters.priceRange,
      result.minPrice,
      result.maxPrice,
      result.deliveryDays,
      result.searchQuery,
    ]).toEqual([category, subCategory, priceRange, minPrice, maxPrice, deliveryDays, searchQuery]);
  });

  it('counts weekdays from the time it is given', () => {
    expect(interpret('logo by friday', undefined, new Date('2026-11-23T10:00:00Z')).deliveryDays).toBe(4);
    expect(interpret('logo by friday', undefined, new Date('2026-11-27T10:00:00Z')).deliveryDays).toBe(7);
  });

  it('explains a delivery limit in the days asked', () => {
    expect(interpret('logo in 2 days', undefined, THURSDAY).explanation).toContain('"in 2 days" limits delivery to 2 days');
    expect(interpret('logo in 45 days', undefined, THURSDAY).explanation).toContain('delivery is not limited');
  });

  it('cleans a model’s search words the same way', () => {
    expect(searchWordsOf('cheap logo designer who delivers fast', true)).toBe('logo');
    expect(searchWordsOf('k8s expert asap', true)).toBe('kubernetes');
    expect(searchWordsOf('developer', false)).toBe('developer');
  });
});

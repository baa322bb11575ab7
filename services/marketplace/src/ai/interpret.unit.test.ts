import { AiSearchResult, type GigCategory, type GigSort, type PriceRange } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { interpret } from './interpret.ts';
import { coarsePriceRange } from './price.ts';
import { editDistance } from './text.ts';
import { createVocabulary } from './vocabulary.ts';

type Row = [
  query: string,
  category: GigCategory | 'all',
  subCategory: string | null,
  priceRange: PriceRange,
  sortBy: GigSort,
  minPrice: number | null,
  maxPrice: number | null,
  deliveryDays: number | null,
  searchQuery: string,
];

const ROWS: Row[] = [
  // The examples of the brief.
  ['cheap react landing page in 3 days', 'web', 'frontend', 'low', 'relevance', null, null, 3, 'react landing page'],
  ['best rated logo designer under $500', 'design', 'logo', 'all', 'rating', null, 500, null, 'logo'],
  ['kubernetes help', 'devops', 'infrastructure', 'all', 'relevance', null, null, null, 'kubernetes'],
  // Every category and sub-category, through skills, technologies and synonyms.
  ['I need a vue.js developer', 'web', 'frontend', 'all', 'relevance', null, null, null, 'vue.js'],
  ['node express api', 'web', 'backend', 'all', 'relevance', null, null, null, 'node express api'],
  ['django backend for my startup', 'web', 'backend', 'all', 'relevance', null, null, null, 'django backend startup'],
  ['full stack MERN developer', 'web', 'fullstack', 'all', 'relevance', null, null, null, 'full stack mern'],
  ['react and node developer', 'web', 'fullstack', 'all', 'relevance', null, null, null, 'react node'],
  ['fix my wordpress site', 'web', 'wordpress', 'all', 'relevance', null, null, null, 'fix wordpress website'],
  ['woocommerce shop', 'web', 'wordpress', 'all', 'relevance', null, null, null, 'woocommerce shop'],
  ['shopify online store setup', 'web', 'ecommerce', 'all', 'relevance', null, null, null, 'shopify online store setup'],
  ['e-commerce site', 'web', 'ecommerce', 'all', 'relevance', null, null, null, 'e-commerce website'],
  ['iphone app in swift', 'mobile', 'ios', 'all', 'relevance', null, null, null, 'iphone swift'],
  ['android kotlin developer', 'mobile', 'android', 'all', 'relevance', null, null, null, 'android kotlin'],
  ['react native mobile app', 'mobile', null, 'all', 'relevance', null, null, null, 'react native mobile app'],
  ['flutter', 'mobile', null, 'all', 'relevance', null, null, null, 'flutter'],
  ['brand identity and logos', 'design', 'logo', 'all', 'relevance', null, null, null, 'brand identity logos'],
  ['figma ui for a saas dashboard', 'design', 'ui', 'all', 'relevance', null, null, null, 'figma ui saas dashboard'],
  ['ux research and wireframes', 'design', 'ux', 'all', 'relevance', null, null, null, 'ux research wireframes'],
  ['poster illustration', 'design', 'graphic', 'all', 'relevance', null, null, null, 'poster illustration'],
  ['machine learning model in pytorch', 'data', 'ml', 'all', 'relevance', null, null, null, 'machine learning model pytorch'],
  ['power bi dashboards', 'data', 'visualization', 'all', 'relevance', null, null, null, 'power bi dashboards'],
  ['data analysis in excel', 'data', 'analysis', 'all', 'relevance', null, null, null, 'data analysis excel'],
  ['terraform and docker', 'devops', 'infrastructure', 'all', 'relevance', null, null, null, 'terraform docker'],
  ['aws cloud migration', 'devops', 'cloud', 'all', 'relevance', null, null, null, 'aws cloud migration'],
  ['github actions ci/cd pipeline', 'devops', 'cicd', 'all', 'relevance', null, null, null, 'github actions ci/cd pipeline'],
  ['seo for my bakery website', 'marketing', 'seo', 'all', 'relevance', null, null, null, 'seo bakery website'],
  ['instagram and tiktok growth', 'marketing', 'social', 'all', 'relevance', null, null, null, 'instagram tiktok growth'],
  ['google ads ppc campaign', 'marketing', 'ads', 'all', 'relevance', null, null, null, 'google ads ppc campaign'],
  ['guide to email marketing', 'marketing', null, 'all', 'relevance', null, null, null, 'guide email marketing'],
  ['sales copy for my landing page', 'writing', 'copywriting', 'all', 'relevance', null, null, null, 'sales copy landing page'],
  ['api docs technical writer', 'writing', 'technical', 'all', 'relevance', null, null, null, 'api documentation technical writer'],
  ['blog articles about fitness', 'writing', 'content', 'all', 'relevance', null, null, null, 'blog articles fitness'],
  ['translate my website to spanish', 'writing', null, 'all', 'relevance', null, null, null, 'translate website spanish'],
  // One typo in words of five letters or more, corrected in the search words too.
  ['kubernets cluster', 'devops', 'infrastructure', 'all', 'relevance', null, null, null, 'kubernetes cluster'],
  ['wordpres theme', 'web', 'wordpress', 'all', 'relevance', null, null, null, 'wordpress theme'],
  ['machine lerning', 'data', 'ml', 'all', 'relevance', null, null, null, 'machine learning'],
  ['tableau dashbaord', 'data', 'visualization', 'all', 'relevance', null, null, null, 'tableau dashboard'],
  // Word boundaries ("ui" in "build", "ai" in "maintain") and real words that are one edit from a term.
  ['maintain my builder site', 'web', 'frontend', 'all', 'relevance', null, null, null, 'maintain builder website'],
  ['reach more customers', 'all', null, 'all', 'relevance', null, null, null, 'reach more customers'],
  ['nextjs', 'web', 'frontend', 'all', 'relevance', null, null, null, 'nextjs'],
  ['express', 'web', 'backend', 'all', 'relevance', null, null, null, 'express'],
  // Price forms.
  ['logo below 300', 'design', 'logo', 'low', 'relevance', null, 300, null, 'logo'],
  ['less than 200 dollars for a poster', 'design', 'graphic', 'low', 'relevance', null, 200, null, 'poster'],
  ['max 1k landing page', 'web', 'frontend', 'all', 'relevance', null, 1000, null, 'landing page'],
  ['<$700 react website', 'web', 'frontend', 'all', 'relevance', null, 700, null, 'react website'],
  ['budget 400 seo audit', 'marketing', 'seo', 'all', 'relevance', null, 400, null, 'seo audit'],
  ['a logo for $50', 'design', 'logo', 'low', 'relevance', null, 50, null, 'logo'],
  ['over $800 mobile app', 'mobile', null, 'high', 'relevance', 800, null, null, 'mobile app'],
  ['more than 1000 for a shopify store', 'web', 'ecommerce', 'high', 'relevance', 1000, null, null, 'shopify store'],
  ['at least 500 ios app', 'mobile', 'ios', 'all', 'relevance', 500, null, null, 'ios app'],
  ['from $300 wordpress', 'web', 'wordpress', 'all', 'relevance', 300, null, null, 'wordpress'],
  ['$500+ chatbot', 'data', 'ml', 'all', 'relevance', 500, null, null, 'chatbot'],
  ['between 300 and 700 logo', 'design', 'logo', 'medium', 'relevance', 300, 700, null, 'logo'],
  ['$300-$700 android app', 'mobile', 'android', 'medium', 'relevance', 300, 700, null, 'android app'],
  ['300 to 700 copywriting', 'writing', 'copywriting', 'medium', 'relevance', 300, 700, null, 'copywriting'],
  ['1,200 dollars data pipeline', 'data', 'analysis', 'all', 'relevance', null, 1200, null, 'data pipeline'],
  ['under 1.5k chatbot', 'data', 'ml', 'all', 'relevance', null, 1500, null, 'chatbot'],
  ['affordable logo', 'design', 'logo', 'low', 'relevance', null, null, null, 'logo'],
  ['low cost blog posts', 'writing', 'content', 'low', 'relevance', null, null, null, 'blog posts'],
  ['premium website', 'web', 'frontend', 'high', 'relevance', null, null, null, 'website'],
  ['luxury brand identity', 'design', 'logo', 'high', 'relevance', null, null, null, 'brand identity'],
  ['mid-range django api', 'web', 'backend', 'medium', 'relevance', null, null, null, 'django api'],
  ['cheap logo under $500', 'design', 'logo', 'all', 'relevance', null, 500, null, 'logo'],
  // Sorts.
  ['top rated seo expert', 'marketing', 'seo', 'all', 'rating', null, null, null, 'seo'],
  ['cheapest logo', 'design', 'logo', 'all', 'price-low', null, null, null, 'logo'],
  ['most expensive react developer', 'web', 'frontend', 'all', 'price-high', null, null, null, 'react'],
  ['5 star wordpress developer', 'web', 'wordpress', 'all', 'rating', null, null, null, 'wordpress'],
  ['lowest price translation', 'writing', null, 'all', 'price-low', null, null, null, 'translation'],
  ['premium first video editing', 'writing', null, 'all', 'price-high', null, null, null, 'video editing'],
  // Delivery: the days asked, not rounded to an option (a 3-day gig cannot deliver "in 2 days"); a month or more limits nothing.
  ['logo within a week', 'design', 'logo', 'all', 'relevance', null, null, 7, 'logo'],
  ['website by tomorrow', 'web', 'frontend', 'all', 'relevance', null, null, 1, 'website'],
  ['seo audit in 24 hours', 'marketing', 'seo', 'all', 'relevance', null, null, 1, 'seo audit'],
  ['urgent wordpress fix', 'web', 'wordpress', 'all', 'relevance', null, null, 3, 'wordpress fix'],
  ['blog posts in 2 weeks', 'writing', 'content', 'all', 'relevance', null, null, 14, 'blog posts'],
  ['dashboard this month', 'data', 'visualization', 'all', 'relevance', null, null, null, 'dashboard'],
  ['landing page in 5 days', 'web', 'frontend', 'all', 'relevance', null, null, 5, 'landing page'],
  ['app in 2-3 weeks', 'mobile', null, 'all', 'relevance', null, null, 21, ''],
  ['fix my site in under 3 days', 'web', 'frontend', 'all', 'relevance', null, null, 3, 'fix website'],
  ['translation in 45 days', 'writing', null, 'all', 'relevance', null, null, null, 'translation'],
  // Combinations.
  ['cheapest flutter app between $300 and $700 within 2 weeks', 'mobile', null, 'medium', 'price-low', 300, 700, 14, 'flutter'],
  ['top rated kubernets expert under 1k asap', 'devops', 'infrastructure', 'all', 'rating', null, 1000, 3, 'kubernetes'],
  ['Affordable SEO for my Shopify store in 3 days', 'marketing', 'seo', 'low', 'relevance', null, null, 3, 'seo shopify store'],
  // Edge cases: nothing to read, filler only, numbers that are not money.
  ['', 'all', null, 'all', 'relevance', null, null, null, ''],
  ['   ', 'all', null, 'all', 'relevance', null, null, null, ''],
  ['i need someone please', 'all', null, 'all', 'relevance', null, null, null, ''],
  ['!!! ???', 'all', null, 'all', 'relevance', null, null, null, ''],
  ['asdfghjkl', 'all', null, 'all', 'relevance', null, null, null, 'asdfghjkl'],
  ['3d logo', 'design', 'logo', 'all', 'relevance', null, null, null, '3d logo'],
  ['web3 dapp', 'web', null, 'all', 'relevance', null, null, null, 'web3 dapp'],
  ['top 10 tips', 'all', null, 'all', 'rating', null, null, null, '10 tips'],
  ['over 10 years experience react', 'web', 'frontend', 'all', 'relevance', null, null, null, 'over 10 years experience react'],
  ['ui/ux designer', 'design', 'ui', 'all', 'relevance', null, null, null, 'ui ux'],
];

function reading(result: AiSearchResult) {
  return [
    result.suggestedFilters.category,
    result.subCategory,
    result.suggestedFilters.priceRange,
    result.suggestedFilters.sortBy,
    result.minPrice,
    result.maxPrice,
    result.deliveryDays,
    result.searchQuery,
  ];
}

describe('interpret', () => {
  it.each(ROWS)('reads %j', (query, ...expected) => {
    expect(reading(interpret(query))).toEqual(expected);
  });

  it('answers with the contract shape, 3 to 5 suggestions and the local source for every request', () => {
    for (const [query] of ROWS) {
      const result = AiSearchResult.parse(interpret(query));
      expect(result.source).toBe('local');
      expect(result.suggestions.length).toBeGreaterThanOrEqual(3);
      expect(result.suggestions.length).toBeLessThanOrEqual(5);
      expect(new Set(result.suggestions).size).toBe(result.suggestions.length);
    }
  });

  it('gives the same answer every time', () => {
    for (const [query] of ROWS) expect(interpret(query)).toEqual(interpret(query));
  });

  it('describes the request in a short sentence', () => {
    expect(interpret('cheap react landing page in 3 days').interpretedQuery).toBe(
      'Web Development (frontend) gigs matching "react landing page", under $300, delivered within 3 days',
    );
    expect(interpret('').interpretedQuery).toBe('All gigs');
  });

  it('explains which words led to which filter', () => {
    expect(interpret('cheap react landing page in 3 days').explanation).toBe(
      '"react" and "landing page" point to Web Development › frontend; "cheap" selects the under-$300 price range; "in 3 days" limits delivery to 3 days.',
    );
    const rated = interpret('best rated logo designer under $500').explanation;
    for (const words of ['"logo"', 'UI/UX Design › logo', '"under $500"', '$500', '"best rated"', 'rating']) expect(rated).toContain(words);
    expect(interpret('kubernets cluster').explanation).toContain('"kubernets" (read as "kubernetes")');
    expect(interpret('landing page in 5 days').explanation).toContain('"in 5 days" limits delivery to 5 days');
    expect(interpret('between 300 and 700 logo').explanation).toContain('"between 300 and 700" sets prices from $300 to $700');
    expect(interpret('reach more customers').explanation).toContain('plain text search for "reach more customers"');
  });

  it('suggests sibling sub-categories and refinements', () => {
    const { suggestions } = interpret('cheap react landing page in 3 days');
    expect(suggestions).toEqual([
      'top rated react landing page',
      'node api backend',
      'full stack web app',
      'wordpress website',
      'shopify store setup',
    ]);
    expect(interpret('').suggestions).toHaveLength(5);
  });

  it('lets typos snap to live tags, which fix the search words without setting a category', () => {
    expect(interpret('supabse auth').searchQuery).toBe('supabse auth');
    const live = interpret('supabse auth', createVocabulary(['supabase']));
    expect(live.searchQuery).toBe('supabase auth');
    expect(live.suggestedFilters.category).toBe('all');
  });

  it('never throws, whatever it is given', () => {
    const samples = [
      '$',
      '$$$ 5k-',
      'under',
      'between and',
      '-'.repeat(400),
      'a'.repeat(5_000),
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃ café',
      '1e9 dollars',
      '999999999999999999999 usd',
    ];
    let seed = 7;
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 $<>-+/.,k';
    for (let n = 0; n < 200; n++) {
      let query = '';
      for (let i = 0; i < 40; i++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        query += alphabet[seed % alphabet.length];
      }
      samples.push(query);
    }
    for (const query of samples) expect(() => AiSearchResult.parse(interpret(query))).not.toThrow();
    expect(interpret(undefined as unknown as string).searchQuery).toBe('');
  });
});

describe('coarse price range', () => {
  it.each([
    [null, 300, 'low'],
    [null, 500, 'all'],
    [300, 700, 'medium'],
    [400, 600, 'medium'],
    [700, null, 'high'],
    [500, null, 'all'],
    [200, 900, 'all'],
    [null, null, 'all'],
  ] as const)('min %s max %s → %s', (min, max, range) => {
    expect(coarsePriceRange(min, max)).toBe(range);
  });
});

describe('edit distance', () => {
  it.each([
    ['kubernets', 'kubernetes', 1],
    ['dashbaord', 'dashboard', 1],
    ['wordpres', 'wordpress', 1],
    ['react', 'react', 0],
    ['react', 'reach', 1],
    ['logo', 'lego', 1],
    ['flutter', 'kotlin', 6],
  ] as const)('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });

  it('stops early past the limit', () => {
    expect(editDistance('kubernetes', 'terraform', 1)).toBe(2);
  });
});

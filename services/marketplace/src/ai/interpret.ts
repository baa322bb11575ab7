import type { AiSearchResult } from '@commonwork/contracts';
import { extractDelivery } from './delivery.ts';
import { describeQuery, explain, type Findings, suggest } from './describe.ts';
import { matchTopic } from './match.ts';
import { extractPrice } from './price.ts';
import { extractSort } from './sort.ts';
import { MaskedText, normalize } from './text.ts';
import { VOCABULARY, type Vocabulary } from './vocabulary.ts';

/**
 * Reads a plain-words request ("cheap react landing page in 3 days") as listing filters, offline and
 * deterministically. Delivery is read first so "under 3 days" is not a price, then order so
 * "cheapest" and "most expensive" are not price words, then price; what is left decides the
 * category and becomes the full-text search words.
 * @param vocabulary defaults to the built-in synonym table; pass `createVocabulary(tags)` to let typos snap to live tags.
 * @param now what "by Friday" counts from; default the current time.
 */
export function interpret(query: string, vocabulary: Vocabulary = VOCABULARY, now: Date = new Date()): AiSearchResult {
  const text = new MaskedText(normalize(typeof query === 'string' ? query : ''));
  const delivery = extractDelivery(text, now);
  const sort = extractSort(text);
  const price = extractPrice(text);
  const topic = matchTopic(text.text, vocabulary);
  const findings: Findings = { topic, price, sort, delivery };
  return {
    interpretedQuery: describeQuery(findings),
    explanation: explain(findings),
    searchQuery: topic.searchQuery,
    suggestedFilters: { category: topic.category ?? 'all', priceRange: price.priceRange, sortBy: sort.sortBy },
    subCategory: topic.subCategory,
    maxPrice: price.maxPrice,
    minPrice: price.minPrice,
    deliveryDays: delivery.days,
    suggestions: suggest(findings),
    source: 'local',
  };
}

/**
 * The search words of a text the way `interpret` leaves them: price, order and delivery phrases,
 * filler and (with a category filter) the words naming it removed, aliases in English. Used on a
 * model's `searchQuery`, so both interpreters hand the listing the same kind of words.
 */
export function searchWordsOf(text: string, categorized: boolean, vocabulary: Vocabulary = VOCABULARY): string {
  const masked = new MaskedText(normalize(text));
  extractDelivery(masked);
  extractSort(masked);
  extractPrice(masked);
  return matchTopic(masked.text, vocabulary, categorized).searchQuery;
}

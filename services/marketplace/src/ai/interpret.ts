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
 */
export function interpret(query: string, vocabulary: Vocabulary = VOCABULARY): AiSearchResult {
  const text = new MaskedText(normalize(typeof query === 'string' ? query : ''));
  const delivery = extractDelivery(text);
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

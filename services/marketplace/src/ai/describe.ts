import { DELIVERY_OPTIONS, GIG_CATEGORIES, type GigCategory, type GigSort, PRICE_THRESHOLDS, type PriceRange } from '@commonwork/contracts';
import type { DeliveryFinding } from './delivery.ts';
import type { TopicFinding } from './match.ts';
import type { PriceFinding } from './price.ts';
import type { SortFinding } from './sort.ts';
import { listText, money } from './text.ts';
import { POPULAR_SEARCHES, SUB_CATEGORY_SEARCHES } from './words.ts';

/** Everything the extractors found, for the human-facing texts. */
export interface Findings {
  topic: TopicFinding;
  price: PriceFinding;
  sort: SortFinding;
  delivery: DeliveryFinding;
}

const SUGGESTION_LIMIT = 5;
const RANGE_TEXT: Readonly<Record<Exclude<PriceRange, 'all'>, string>> = {
  low: `under ${money(PRICE_THRESHOLDS.low)}`,
  medium: `${money(PRICE_THRESHOLDS.low)}-${money(PRICE_THRESHOLDS.high)}`,
  high: `over ${money(PRICE_THRESHOLDS.high)}`,
};
/** The same ranges as adjectives: "the under-$300 price range". */
const RANGE_ADJECTIVE: Readonly<Record<Exclude<PriceRange, 'all'>, string>> = {
  low: `under-${money(PRICE_THRESHOLDS.low)}`,
  medium: `${money(PRICE_THRESHOLDS.low)}-${money(PRICE_THRESHOLDS.high)}`,
  high: `over-${money(PRICE_THRESHOLDS.high)}`,
};
const SORT_TEXT: Readonly<Record<GigSort, string>> = {
  relevance: 'by relevance',
  'price-low': 'cheapest first',
  'price-high': 'most expensive first',
  rating: 'best rated first',
};

const SORT_REASON: Readonly<Record<GigSort, string>> = {
  relevance: 'keeps the most relevant first',
  'price-low': 'sorts by lowest price',
  'price-high': 'sorts by highest price',
  rating: 'sorts by rating',
};

function deliveryLabel(days: number): string {
  return DELIVERY_OPTIONS.find((option) => Number(option.value) === days)?.label ?? `${days} ${days === 1 ? 'day' : 'days'}`;
}

function topicText(category: GigCategory | null, subCategory: string | null): string {
  if (category === null) return '';
  const label = GIG_CATEGORIES[category].label;
  return subCategory === null ? label : `${label} › ${subCategory}`;
}

function priceText({ minPrice, maxPrice, priceRange }: PriceFinding): string | null {
  if (minPrice !== null && maxPrice !== null) return `${money(minPrice)}-${money(maxPrice)}`;
  if (maxPrice !== null) return `under ${money(maxPrice)}`;
  if (minPrice !== null) return `over ${money(minPrice)}`;
  return priceRange === 'all' ? null : RANGE_TEXT[priceRange];
}

/** 'Web Development (frontend) gigs matching "react landing page", under $300, delivered within 3 days'. */
export function describeQuery({ topic, price, sort, delivery }: Findings): string {
  const { category, subCategory, searchQuery } = topic;
  const subject = category === null ? '' : `${GIG_CATEGORIES[category].label}${subCategory === null ? '' : ` (${subCategory})`} `;
  const head = searchQuery === '' ? `${subject || 'All '}gigs` : `${subject}gigs matching "${searchQuery}"`;
  const parts = [
    head.charAt(0).toUpperCase() + head.slice(1),
    priceText(price),
    delivery.days === null ? null : `delivered within ${deliveryLabel(delivery.days)}`,
    sort.sortBy === 'relevance' ? null : SORT_TEXT[sort.sortBy],
  ];
  return parts.filter((part): part is string => part !== null).join(', ');
}

function priceReason(price: PriceFinding): string | null {
  const range = price.priceRange === 'all' ? '' : ` (the ${RANGE_ADJECTIVE[price.priceRange]} range)`;
  if (price.boundTriggers.length > 0) {
    const { minPrice, maxPrice } = price;
    const bound =
      minPrice !== null && maxPrice !== null
        ? `sets prices from ${money(minPrice)} to ${money(maxPrice)}`
        : maxPrice !== null
          ? `sets a maximum price of ${money(maxPrice)}`
          : `sets a minimum price of ${money(minPrice ?? 0)}`;
    return `${listText(price.boundTriggers.map((t) => `"${t.text}"`))} ${bound}${range}`;
  }
  if (price.wordTrigger === null || price.priceRange === 'all') return null;
  return `"${price.wordTrigger.text}" selects the ${RANGE_ADJECTIVE[price.priceRange]} price range`;
}

/** One sentence naming the words behind each filter, in the order category, price, sort, delivery. */
export function explain({ topic, price, sort, delivery }: Findings): string {
  const reasons: string[] = [];
  if (topic.category !== null) {
    const quoted = topic.hits.map((hit) => (hit.correctedTo === null ? `"${hit.text}"` : `"${hit.text}" (read as "${hit.correctedTo}")`));
    // "ui/ux" is two hits from one word; it is quoted once.
    const words = [...new Set(quoted)];
    const verb = words.length === 1 ? 'points' : 'point';
    const why = topic.combined ? ' (front-end and back-end work together)' : '';
    reasons.push(`${listText(words)} ${verb} to ${topicText(topic.category, topic.subCategory)}${why}`);
  }
  const priceWhy = priceReason(price);
  if (priceWhy !== null) reasons.push(priceWhy);
  if (sort.trigger !== null) reasons.push(`"${sort.trigger.text}" ${SORT_REASON[sort.sortBy]}`);
  if (delivery.trigger !== null) {
    const limit =
      delivery.days === null ? 'allows a month or more, so delivery is not limited' : `limits delivery to ${deliveryLabel(delivery.days)}`;
    reasons.push(`"${delivery.trigger.text}" ${limit}`);
  }
  if (reasons.length === 0) {
    return topic.searchQuery === ''
      ? 'No skill, price, order or delivery words were found, so all gigs are shown.'
      : `No category, price, order or delivery words were found, so this is a plain text search for "${topic.searchQuery}".`;
  }
  return `${reasons.join('; ')}.`;
}

/**
 * Three to five follow-up searches: the request with one refinement it lacks, then the other
 * sub-categories of its category, then popular searches. Fixed lists, so the output is deterministic.
 */
export function suggest({ topic, price, sort, delivery }: Findings): string[] {
  const base = topic.searchQuery;
  const refinements: string[] = [];
  if (base !== '') {
    if (sort.sortBy !== 'rating') refinements.push(`top rated ${base}`);
    if (price.priceRange === 'all' && price.minPrice === null && price.maxPrice === null) refinements.push(`affordable ${base}`);
    if (delivery.days === null) refinements.push(`${base} in 3 days`);
  }
  const siblings =
    topic.category === null
      ? []
      : Object.entries(SUB_CATEGORY_SEARCHES[topic.category])
          .filter(([sub]) => sub !== (topic.subCategory ?? ''))
          .map(([, search]) => search);
  const candidates = [...refinements.slice(0, 2), ...siblings, ...POPULAR_SEARCHES];
  const unique = [...new Set(candidates)].filter((search) => search !== base);
  return unique.slice(0, SUGGESTION_LIMIT);
}

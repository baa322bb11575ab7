import type { GigSort } from '@commonwork/contracts';
import { type MaskedText, type Trigger, words } from './text.ts';

/** What the request said about order. */
export interface SortFinding {
  sortBy: GigSort;
  trigger: Trigger | null;
}

/**
 * Longer phrases first, so "best price" is a price sort before "best" can claim it, and
 * "most expensive"/"premium first" are taken before the price words see "expensive"/"premium".
 * "cheap" is not here on purpose: it names a price range, only "cheapest" names an order.
 */
const SORTS: readonly (readonly [RegExp, GigSort])[] = [
  [
    words(
      'most expensive(?: first)?|highest[ -]priced?(?: first)?|priciest|premium first|expensive first|(?:price )?high(?:est)? to low(?:est)?',
    ),
    'price-high',
  ],
  [
    words(
      'cheapest(?: first)?|lowest[ -]priced?(?: first)?|least expensive|lowest cost|best price[sd]?|best deals?|(?:price )?low(?:est)? to high(?:est)?|lowest rates?|(?:sorted |sort )?by (?:lowest )?price',
    ),
    'price-low',
  ],
  [
    words(
      '(?:best|top|highest|highly|well|high)[ -]rated|(?:best|well|highly)[ -]reviewed|most reviewed|(?:best|good|great|positive) reviews|highest rating|(?:5|five)[ -]stars?|[45](?:\\.\\d)?\\+? stars|(?:sorted |sort )?by rating',
    ),
    'rating',
  ],
  [words('most relevant|(?:sorted |sort )?by relevance'), 'relevance'],
  [words('best|top'), 'rating'],
];

/** Finds order phrases and blanks them; the first one in the request decides. */
export function extractSort(text: MaskedText): SortFinding {
  const found = SORTS.flatMap(([pattern, sortBy]) => text.consume(pattern, () => sortBy));
  const first = found.reduce<(typeof found)[number] | null>(
    (best, item) => (best === null || item.trigger.start < best.trigger.start ? item : best),
    null,
  );
  return first === null ? { sortBy: 'relevance', trigger: null } : { sortBy: first.value, trigger: first.trigger };
}

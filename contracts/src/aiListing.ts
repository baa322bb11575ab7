import { DELIVERY_OPTIONS } from './gigCatalog.ts';
import type { AiSearchResult, GigCategory, GigSort, PriceRange } from './gigs.ts';

/** What an AI search asks of the listing (GET /api/gigs): its filters, words and how the words match. */
export interface AiListing {
  category: 'all' | GigCategory;
  priceRange: PriceRange;
  sortBy: GigSort;
  /** The words left once the filters took theirs; never the person's own text. */
  search: string;
  /** `any` when a category was read: the words then rank within it instead of each being required. */
  match: 'all' | 'any';
  minPrice?: number;
  maxPrice?: number;
  maxDelivery?: number;
}

const LONGEST_DELIVERY = Math.max(...DELIVERY_OPTIONS.map((option) => Number(option.value)));

const isAmount = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The listing query for an interpretation, the one mapping the web app, the tests and any other
 * client use, whichever interpreter (local or model) answered. Bounds that limit nothing are left
 * out: a minimum of $0, a delivery of a month or more. The sub-category is not a filter: the
 * words people use cross them ("woocommerce" is a WordPress plugin and a shop, "tiktok" social
 * media and ads), so the words rank within the category instead.
 */
export function aiListing(result: AiSearchResult): AiListing {
  const { category, priceRange, sortBy } = result.suggestedFilters;
  const listing: AiListing = {
    category,
    priceRange,
    sortBy,
    search: result.searchQuery.trim(),
    match: category === 'all' ? 'all' : 'any',
  };
  if (isAmount(result.minPrice) && result.minPrice > 0) listing.minPrice = result.minPrice;
  if (isAmount(result.maxPrice)) listing.maxPrice = result.maxPrice;
  if (isAmount(result.deliveryDays) && result.deliveryDays < LONGEST_DELIVERY) {
    listing.maxDelivery = Math.max(1, Math.floor(result.deliveryDays));
  }
  return listing;
}

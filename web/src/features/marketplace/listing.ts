import {
  type AiSearchResult,
  GIG_CATEGORIES,
  GIG_PAGE_SIZE,
  type GigCategory,
  type GigSort,
  type marketplaceRoutes,
  PRICE_THRESHOLDS,
  type PriceRange,
} from '@commonwork/contracts';
import { type QueryOf, queryString } from '../../shared/api/index.ts';
import { formatCurrency } from '../../shared/format/index.ts';

/** The Smart Filters card's choices. */
export interface GigFilters {
  category: 'all' | GigCategory;
  priceRange: PriceRange;
  sortBy: GigSort;
}

/** Bounds an AI search found in the words, finer than the price range (sent until the panel closes). */
export interface AiRefinements {
  minPrice?: number;
  maxPrice?: number;
  maxDelivery?: number;
}

/** Everything one listing request depends on, page aside. */
export interface ListingParams extends GigFilters, AiRefinements {
  search: string;
}

export const DEFAULT_FILTERS: GigFilters = { category: 'all', priceRange: 'all', sortBy: 'relevance' };

export const CATEGORY_OPTIONS: { value: GigFilters['category']; label: string }[] = [
  { value: 'all', label: 'All Categories' },
  ...Object.entries(GIG_CATEGORIES).map(([value, { label }]) => ({ value: value as GigCategory, label })),
];

export const PRICE_RANGE_OPTIONS: { value: PriceRange; label: string }[] = [
  { value: 'all', label: 'All Prices' },
  { value: 'low', label: `Under ${formatCurrency(PRICE_THRESHOLDS.low)}` },
  { value: 'medium', label: `${formatCurrency(PRICE_THRESHOLDS.low)}-${formatCurrency(PRICE_THRESHOLDS.high)}` },
  { value: 'high', label: `Over ${formatCurrency(PRICE_THRESHOLDS.high)}` },
];

export const SORT_OPTIONS: { value: GigSort; label: string }[] = [
  { value: 'relevance', label: 'Most Relevant' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Highest Rated' },
];

/** Whether any filter, the search or an AI refinement narrows the list (Clear All Filters is useful). */
export function hasActiveFilters(params: ListingParams): boolean {
  return (
    params.category !== DEFAULT_FILTERS.category ||
    params.priceRange !== DEFAULT_FILTERS.priceRange ||
    params.sortBy !== DEFAULT_FILTERS.sortBy ||
    params.search.trim() !== '' ||
    params.minPrice !== undefined ||
    params.maxPrice !== undefined ||
    params.maxDelivery !== undefined
  );
}

/**
 * The query of GET /api/gigs for one page: defaults are left out ('all', 'relevance', an empty
 * search), limit is always the page size of 12.
 */
export function listingQuery(params: ListingParams, page: number): QueryOf<typeof marketplaceRoutes.listGigs> {
  const search = params.search.trim();
  return {
    page,
    limit: GIG_PAGE_SIZE,
    category: params.category === 'all' ? undefined : params.category,
    priceRange: params.priceRange === 'all' ? undefined : params.priceRange,
    sortBy: params.sortBy === 'relevance' ? undefined : params.sortBy,
    search: search || undefined,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    maxDelivery: params.maxDelivery,
  };
}

/** That query as it goes on the wire. */
export const listingQueryString = (params: ListingParams, page: number): string => queryString(listingQuery(params, page));

/** The longest delivery option is 30 days: a longer limit constrains nothing; a shorter one is whole days, at least 1. */
const MAX_DELIVERY_DAYS = 30;

/** What an AI search answer changes on the listing (spec 001 §4): filters, the query text and the refinements. */
export function applyAiResult(data: AiSearchResult): { filters: GigFilters; search: string; refinements: AiRefinements } {
  const { category, priceRange, sortBy } = data.suggestedFilters;
  const refinements: AiRefinements = {};
  if (isPrice(data.minPrice) && data.minPrice > 0) refinements.minPrice = data.minPrice;
  if (isPrice(data.maxPrice)) refinements.maxPrice = data.maxPrice;
  if (isPrice(data.deliveryDays) && data.deliveryDays < MAX_DELIVERY_DAYS) {
    refinements.maxDelivery = Math.max(1, Math.floor(data.deliveryDays));
  }
  return { filters: { category, priceRange, sortBy }, search: data.searchQuery, refinements };
}

const isPrice = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The refinements as short chips for the AI panel: 'From $50', 'Up to $500', 'Delivery within 3 days'. */
export function refinementLabels(refinements: AiRefinements): string[] {
  const labels: string[] = [];
  if (refinements.minPrice !== undefined) labels.push(`From ${formatCurrency(refinements.minPrice)}`);
  if (refinements.maxPrice !== undefined) labels.push(`Up to ${formatCurrency(refinements.maxPrice)}`);
  if (refinements.maxDelivery !== undefined) {
    labels.push(`Delivery within ${refinements.maxDelivery} ${refinements.maxDelivery === 1 ? 'day' : 'days'}`);
  }
  return labels;
}

/** A stable key for a params object (query keys and the debounce comparison). */
export function paramsKey(params: ListingParams): string {
  return listingQueryString(params, 1);
}

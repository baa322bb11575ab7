import {
  type AiSearchResult,
  aiListing,
  GIG_PAGE_SIZE,
  type GigCategory,
  type GigSort,
  type marketplaceRoutes,
  type PriceRange,
} from '@commonwork/contracts';
import { type QueryOf, queryString } from '../../shared/api/index.ts';

/** The Smart Filters card's choices. */
export interface GigFilters {
  category: 'all' | GigCategory;
  priceRange: PriceRange;
  sortBy: GigSort;
}

/**
 * What an AI search adds to the filters until its panel closes: bounds finer than the price range,
 * and the words its filters left (`words`), searched in place of the box's text, which stays the
 * person's own; `match: 'any'` ranks by them within the category rather than requiring each.
 */
export interface AiRefinements {
  minPrice?: number;
  maxPrice?: number;
  maxDelivery?: number;
  words?: string;
  match?: 'any';
}

/** Everything one listing request depends on, page aside. */
export interface ListingParams extends GigFilters, AiRefinements {
  search: string;
  /** Only the person's favourites (the page's `?favorites=true`). */
  favorites?: boolean;
}

export const DEFAULT_FILTERS: GigFilters = { category: 'all', priceRange: 'all', sortBy: 'relevance' };

/** Whether any filter, the search or an AI refinement narrows the list (Clear All Filters is useful). */
export function hasActiveFilters(params: ListingParams): boolean {
  return (
    params.category !== DEFAULT_FILTERS.category ||
    params.priceRange !== DEFAULT_FILTERS.priceRange ||
    params.sortBy !== DEFAULT_FILTERS.sortBy ||
    params.search.trim() !== '' ||
    params.minPrice !== undefined ||
    params.maxPrice !== undefined ||
    params.maxDelivery !== undefined ||
    params.words !== undefined ||
    params.favorites === true
  );
}

/**
 * The query of GET /api/gigs for one page: defaults are left out ('all', 'relevance', an empty
 * search), limit is always the page size of 12. An AI search's words replace the box's text.
 */
export function listingQuery(params: ListingParams, page: number): QueryOf<typeof marketplaceRoutes.listGigs> {
  const search = (params.words ?? params.search).trim();
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
    match: params.match,
    favorites: params.favorites ? 'true' : undefined,
  };
}

/** That query as it goes on the wire. */
export const listingQueryString = (params: ListingParams, page: number): string => queryString(listingQuery(params, page));

/**
 * What an AI search answer changes on the listing (spec 001 §4): the filters and the refinements,
 * through the contracts' one mapping. The search box is not among them: it keeps what the person typed.
 */
export function applyAiResult(data: AiSearchResult): { filters: GigFilters; refinements: AiRefinements } {
  const { category, priceRange, sortBy, search, match, minPrice, maxPrice, maxDelivery } = aiListing(data);
  const refinements: AiRefinements = { words: search };
  if (match === 'any') refinements.match = match;
  if (minPrice !== undefined) refinements.minPrice = minPrice;
  if (maxPrice !== undefined) refinements.maxPrice = maxPrice;
  if (maxDelivery !== undefined) refinements.maxDelivery = maxDelivery;
  return { filters: { category, priceRange, sortBy }, refinements };
}

/** A stable key for a params object (query keys and the debounce comparison). */
export function paramsKey(params: ListingParams): string {
  return listingQueryString(params, 1);
}

import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { DEFAULT_DELIVERY_TIME, DELIVERY_TIMES, GIG_CATEGORIES, GIG_PAGE_SIZE, GIG_TAGS_MAX } from './gigCatalog.ts';
import { formNumber } from './numbers.ts';

export type GigCategory = keyof typeof GIG_CATEGORIES;
export const GigCategory = z.enum(Object.keys(GIG_CATEGORIES) as [GigCategory, ...GigCategory[]]);

export const DeliveryTime = z.enum(DELIVERY_TIMES);
export type DeliveryTime = z.infer<typeof DeliveryTime>;

export const PriceRange = z.enum(['all', 'low', 'medium', 'high']);
export type PriceRange = z.infer<typeof PriceRange>;
export const GigSort = z.enum(['relevance', 'price-low', 'price-high', 'rating']);
export type GigSort = z.infer<typeof GigSort>;
export const GigStatus = z.enum(['draft', 'active']);

/** The gig as every screen reads it (spec 001 §3); `_id` and `id` are the same UUID. */
export const Gig = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: GigCategory,
  subCategory: z.string(),
  price: z.number(),
  deliveryTime: DeliveryTime,
  tags: z.array(z.string()),
  status: GigStatus,
  rating: z.number(),
  reviews: z.number(),
  orders: z.number(),
  views: z.number(),
  favorites: z.number(),
  /** Whether the signed-in reader has this gig among their favourites; absent for anonymous readers. */
  isFavorite: z.boolean().optional(),
  freelancer: z.object({
    _id: z.uuid(),
    name: z.string(),
    picture: z.string(),
    status: z.string(),
    profile: z.object({ location: z.string() }),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Gig = z.infer<typeof Gig>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * Create and update body. The messages and their order are the form's (spec 001 §5): title,
 * description, category, sub-category (of that category), price above 0; then delivery and tags.
 */
export const GigInput = z
  .object({
    title: required('Title is required').max(120, 'Title must be at most 120 characters'),
    description: required('Description is required').max(5_000, 'Description must be at most 5000 characters'),
    category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').pipe(GigCategory),
    subCategory: required('Sub-category is required'),
    price: formNumber('Valid price is required').pipe(
      z.number().gt(0, 'Valid price is required').max(1_000_000, 'Price must be at most 1000000'),
    ),
    deliveryTime: DeliveryTime.default(DEFAULT_DELIVERY_TIME),
    tags: z
      .array(z.string().trim().max(LIMITS.skillMax, 'A tag must be at most 50 characters'))
      // Counted as sent, so the document's `maxItems` is the server's rule; repeats and blanks are then dropped.
      .max(GIG_TAGS_MAX, `At most ${GIG_TAGS_MAX} tags`)
      .default([])
      .transform((tags) => [...new Set(tags.filter((t) => t.length > 0))]),
    status: GigStatus.default('active'),
    /** The saved draft the gig was written from (on creation): removed once the gig is published. */
    draftId: z.uuid().optional(),
  })
  .superRefine((gig, ctx) => {
    const category = GIG_CATEGORIES[gig.category];
    if (category && !(category.subCategories as readonly string[]).includes(gig.subCategory)) {
      ctx.addIssue({ code: 'custom', path: ['subCategory'], message: 'Sub-category is required' });
    }
  });
export type GigInput = z.input<typeof GigInput>;

export const GigIdParams = z.object({ id: z.uuid('Gig id must be a UUID') });

export const ListGigsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(GIG_PAGE_SIZE),
  category: z.union([z.literal(''), z.literal('all'), GigCategory]).optional(),
  priceRange: PriceRange.default('all'),
  sortBy: GigSort.default('relevance'),
  search: z.string().trim().max(200).optional(),
  /** Only the caller's own gigs, drafts included. */
  mine: z.enum(['true', 'false']).optional(),
  /** Only this freelancer's gigs (their active ones; all of them for themselves): a public profile's list. */
  freelancer: z.uuid('Freelancer id must be a UUID').optional(),
  /** Only the gigs the caller has favourited (requires sign-in). */
  favorites: z.enum(['true', 'false']).optional(),
  /** Exact bounds and delivery from an AI search, finer than `priceRange`. */
  minPrice: z.coerce.number().min(0).optional(),
  maxPrice: z.coerce.number().min(0).optional(),
  /** The longest delivery accepted, in days: gigs delivering in at most this many. */
  maxDelivery: z.coerce.number().int().min(1).max(30).optional(),
  /**
   * How the search words match: `all` (default) every word, as a person's own search; `any` ranks
   * by them: gigs with more of the words first, then the rest of what the filters chose. An AI
   * search sends `any` once it has read a category: its words then order, they do not exclude.
   */
  match: z.enum(['all', 'any']).default('all'),
});
export type ListGigsQuery = z.infer<typeof ListGigsQuery>;

export const GigPagination = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalGigs: z.number(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export const GigListResponse = z.object({ success: z.literal(true), gigs: z.array(Gig), pagination: GigPagination });
export const GigResponse = z.object({ success: z.literal(true), gig: Gig, message: z.string().optional() });
/** PUT, DELETE and GET /api/gigs/:id/favorite: the caller's toggle and the gig's count after it. */
export const FavoriteResponse = z.object({ success: z.literal(true), favorited: z.boolean(), favorites: z.number().int().min(0) });
export type FavoriteResponse = z.infer<typeof FavoriteResponse>;
export const TrendingQuery = z.object({ limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(3) });
export const TrendingResponse = z.object({ success: z.literal(true), gigs: z.array(Gig) });
/**
 * A seller's figures, from their gigs and orders' events: `activeOrders` are the orders they work on
 * (pending, in progress, delivered), `totalRevenue` the sum of their completed orders' prices,
 * `avgRating` the average of their reviews' ratings (one decimal; 0 before the first).
 */
export const GigAnalytics = z.object({ activeGigs: z.number(), activeOrders: z.number(), totalRevenue: z.number(), avgRating: z.number() });
export type GigAnalytics = z.infer<typeof GigAnalytics>;
export const GigAnalyticsResponse = z.object({ success: z.literal(true), data: GigAnalytics }).extend(GigAnalytics.shape);

/** POST /api/ai/search. */
export const AiSearchRequest = z.object({
  query: z.string().trim().min(1, 'Query is required').max(300, 'Query must be at most 300 characters'),
  context: z.literal('gigs').default('gigs'),
});

/** What a plain-words request was understood as (spec 001 §3 "AI search response"). */
export const AiSearchResult = z.object({
  interpretedQuery: z.string().describe('a short human reading of the request'),
  explanation: z.string().describe('why these filters were chosen, in one or two sentences'),
  searchQuery: z.string().describe('the words left for full-text search'),
  suggestedFilters: z.object({
    category: z.union([z.literal('all'), GigCategory]),
    priceRange: PriceRange,
    sortBy: GigSort,
  }),
  subCategory: z.string().nullable(),
  maxPrice: z.number().nullable(),
  minPrice: z.number().nullable(),
  deliveryDays: z.number().nullable().describe('the longest delivery the person accepts, in days'),
  suggestions: z.array(z.string()),
  source: z.enum(['local', 'llm']),
});
export type AiSearchResult = z.infer<typeof AiSearchResult>;
export const AiSearchResponse = z.object({ success: z.literal(true), data: AiSearchResult });
export const SuggestionsQuery = z.object({ q: z.string().trim().max(100).default('') });
export const SuggestionsResponse = z.object({ success: z.literal(true), suggestions: z.array(z.string()) });

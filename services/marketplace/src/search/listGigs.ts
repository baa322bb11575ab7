import { type ListGigsQuery, PRICE_THRESHOLDS } from '@commonwork/contracts';
import { type Kysely, sql } from 'kysely';
import type { GigView } from '../gigs/present.ts';
import type { MarketplaceTables } from '../gigs/projection.ts';
import { isShortQuery, toPrefixTsQuery } from './tsquery.ts';

/** Trigram similarity above which a short query counts as a typo of a title or tag. */
const TYPO_SIMILARITY = 0.35;

/** The gigs with their freelancer card and views: the one shape listing, trending and detail read. */
export function gigViews(db: Kysely<MarketplaceTables>) {
  return db
    .selectFrom('gigs')
    .leftJoin('freelancers', 'freelancers.user_id', 'gigs.owner_id')
    .leftJoin('gig_views', 'gig_views.gig_id', 'gigs.id')
    .selectAll('gigs')
    .select([
      'gig_views.views as views',
      'freelancers.name as freelancer_name',
      'freelancers.picture as freelancer_picture',
      'freelancers.location as freelancer_location',
    ]);
}

/**
 * Listing and search: only active gigs for others and your own drafts for you; full-text search
 * with weights (title over tags over description), prefix matching on the last word, and typo
 * tolerance for short queries; relevance ranks by text rank, then rating, then recency.
 */
export async function listGigs(db: Kysely<MarketplaceTables>, query: ListGigsQuery, callerId: string | null) {
  const search = query.search?.trim() ?? '';
  const tsquery = search ? toPrefixTsQuery(search) : null;
  const fuzzy = Boolean(tsquery) && isShortQuery(search);
  const tsq = sql`to_tsquery('english', ${tsquery ?? ''})`;
  const haystack = sql`(gigs.title || ' ' || gigs.tags_text)`;

  let base = gigViews(db);
  if (query.mine === 'true' && callerId) base = base.where('gigs.owner_id', '=', callerId);
  else
    base = base.where((eb) =>
      callerId ? eb.or([eb('gigs.status', '=', 'active'), eb('gigs.owner_id', '=', callerId)]) : eb('gigs.status', '=', 'active'),
    );
  if (query.category && query.category !== 'all') base = base.where('gigs.category', '=', query.category);
  if (query.priceRange === 'low') base = base.where('gigs.price', '<', PRICE_THRESHOLDS.low);
  if (query.priceRange === 'medium')
    base = base.where('gigs.price', '>=', PRICE_THRESHOLDS.low).where('gigs.price', '<=', PRICE_THRESHOLDS.high);
  if (query.priceRange === 'high') base = base.where('gigs.price', '>', PRICE_THRESHOLDS.high);
  if (query.minPrice !== undefined) base = base.where('gigs.price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) base = base.where('gigs.price', '<=', query.maxPrice);
  if (query.maxDelivery !== undefined) base = base.where(sql`gigs.delivery_time::int`, '<=', query.maxDelivery);
  if (tsquery) {
    base = base.where((eb) =>
      fuzzy
        ? eb.or([eb(sql`gigs.search`, '@@', tsq), eb(sql`public.word_similarity(${search}, ${haystack})`, '>', TYPO_SIMILARITY)])
        : eb(sql`gigs.search`, '@@', tsq),
    );
  }

  const countRow = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirst();
  const total = Number(countRow?.total ?? 0);

  const rank = fuzzy
    ? sql<number>`ts_rank_cd(gigs.search, ${tsq}, 1) + public.word_similarity(${search}, ${haystack}) * 0.2`
    : sql<number>`ts_rank_cd(gigs.search, ${tsq}, 1)`;
  let ordered = base;
  switch (query.sortBy) {
    case 'price-low':
      ordered = ordered.orderBy('gigs.price', 'asc');
      break;
    case 'price-high':
      ordered = ordered.orderBy('gigs.price', 'desc');
      break;
    case 'rating':
      ordered = ordered.orderBy('gigs.rating', 'desc').orderBy('gigs.reviews', 'desc');
      break;
    default:
      // Without words to rank by, relevance means the best rated first.
      if (tsquery) ordered = ordered.orderBy(rank, 'desc');
      ordered = ordered.orderBy('gigs.rating', 'desc');
  }
  const rows = (await ordered
    .orderBy('gigs.created_at', 'desc')
    .orderBy('gigs.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute()) as GigView[];
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    rows,
    pagination: { currentPage: query.page, totalPages, totalGigs: total, hasNext: query.page < totalPages, hasPrev: query.page > 1 },
  };
}

import { type ListGigsQuery, PRICE_THRESHOLDS } from '@commonwork/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { GigView } from '../gigs/present.ts';
import type { MarketplaceTables } from '../gigs/projection.ts';
import { isTypoCandidate, toPrefixTsQuery } from './tsquery.ts';

/** Word similarity above which a short query counts as a typo of a title or tag. */
const TYPO_SIMILARITY = '0.35';

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

type GigsQuery = SelectQueryBuilder<MarketplaceTables, 'gigs', object>;

/** Visibility and filters, on the gigs table alone so counting never pays for the joins. */
function filtered(db: Kysely<MarketplaceTables>, query: ListGigsQuery, callerId: string | null): GigsQuery {
  let q = db.selectFrom('gigs') as GigsQuery;
  if (query.mine === 'true' && callerId) q = q.where('gigs.owner_id', '=', callerId);
  else
    q = q.where((eb) =>
      callerId ? eb.or([eb('gigs.status', '=', 'active'), eb('gigs.owner_id', '=', callerId)]) : eb('gigs.status', '=', 'active'),
    );
  if (query.category && query.category !== 'all') q = q.where('gigs.category', '=', query.category);
  if (query.priceRange === 'low') q = q.where('gigs.price', '<', PRICE_THRESHOLDS.low);
  if (query.priceRange === 'medium') q = q.where('gigs.price', '>=', PRICE_THRESHOLDS.low).where('gigs.price', '<=', PRICE_THRESHOLDS.high);
  if (query.priceRange === 'high') q = q.where('gigs.price', '>', PRICE_THRESHOLDS.high);
  if (query.minPrice !== undefined) q = q.where('gigs.price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) q = q.where('gigs.price', '<=', query.maxPrice);
  if (query.maxDelivery !== undefined) q = q.where(sql`gigs.delivery_time::int`, '<=', query.maxDelivery);
  return q;
}

const countOf = async (q: GigsQuery) =>
  Number((await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst())?.total ?? 0);

/**
 * Listing and search: only active gigs for others and your own drafts for you; full-text search
 * with weights (title over tags over description) and prefix matching on the last word, ranked by
 * text rank, then rating, then recency. When the words match nothing and the query is short, it
 * is read as a typo: trigram word similarity on titles and tags (index-backed `%>`), best first.
 */
export async function listGigs(db: Kysely<MarketplaceTables>, query: ListGigsQuery, callerId: string | null) {
  const search = query.search?.trim() ?? '';
  const tsquery = search ? toPrefixTsQuery(search) : null;
  const base = filtered(db, query, callerId);

  let matching = base;
  let rank = null as ReturnType<typeof sql<number>> | null;
  let total: number;
  let typo = false;
  if (tsquery) {
    const tsq = sql`to_tsquery('english', ${tsquery})`;
    matching = base.where(sql<boolean>`gigs.search @@ ${tsq}`);
    rank = sql<number>`ts_rank_cd(gigs.search, ${tsq}, 1)`;
    total = await countOf(matching);
    typo = total === 0 && isTypoCandidate(search);
  } else {
    total = await countOf(base);
  }

  const page = async (trx: Kysely<MarketplaceTables>) => {
    let q = typo ? filtered(trx, query, callerId) : matching;
    const haystack = sql`(gigs.title || ' ' || gigs.tags_text)`;
    if (typo) {
      q = q.where(sql<boolean>`${haystack} %> ${search}`);
      rank = sql<number>`word_similarity(${search}, ${haystack})`;
      total = await countOf(q);
    }
    let ordered = q.select('gigs.id');
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
        if (rank) ordered = ordered.orderBy(rank, 'desc');
        ordered = ordered.orderBy('gigs.rating', 'desc');
    }
    return ordered
      .orderBy('gigs.created_at', 'desc')
      .orderBy('gigs.id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
  };
  // The typo threshold is set for this transaction only, so the trigram index can answer `%>`.
  const ids = typo
    ? await db.transaction().execute(async (trx) => {
        await sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_SIMILARITY}, true)`.execute(trx);
        return page(trx);
      })
    : await page(db);

  const order = new Map(ids.map((row, i) => [row.id, i]));
  const rows = ids.length
    ? ((await gigViews(db)
        .where(
          'gigs.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()) as GigView[])
    : [];
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    rows,
    pagination: { currentPage: query.page, totalPages, totalGigs: total, hasNext: query.page < totalPages, hasPrev: query.page > 1 },
  };
}

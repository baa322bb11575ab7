import { type ListGigsQuery, PRICE_THRESHOLDS } from '@commonwork/contracts';
import { isTypoCandidate, toPrefixTsQuery, withTypoThreshold } from '@commonwork/kit';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { GigView } from '../gigs/present.ts';
import type { MarketplaceTables } from '../tables.ts';

/**
 * The gigs with their freelancer card and views: the one shape listing, trending and detail read;
 * with a `viewerId`, whether that person favourited each (`is_favorite`).
 */
export function gigViews(db: Kysely<MarketplaceTables>, viewerId: string | null = null) {
  return db
    .selectFrom('gigs')
    .leftJoin('freelancers', 'freelancers.user_id', 'gigs.owner_id')
    .leftJoin('gig_views', 'gig_views.gig_id', 'gigs.id')
    .selectAll('gigs')
    .select((eb) => [
      'gig_views.views as views',
      'freelancers.name as freelancer_name',
      'freelancers.picture as freelancer_picture',
      'freelancers.location as freelancer_location',
      viewerId
        ? eb
            .exists(
              eb
                .selectFrom('gig_favorites')
                .whereRef('gig_favorites.gig_id', '=', 'gigs.id')
                .where('gig_favorites.person_id', '=', viewerId),
            )
            .as('is_favorite')
        : sql<null>`null`.as('is_favorite'),
    ]);
}

type GigsQuery = SelectQueryBuilder<MarketplaceTables, 'gigs', object>;
type CountsQuery = SelectQueryBuilder<MarketplaceTables, 'active_gig_counts', object>;

/** The filters of a listing on price, category and delivery, on the gigs or on their counts: both have these columns. */
function withFilters<Q extends GigsQuery | CountsQuery>(q: Q, query: ListGigsQuery): Q {
  // biome-ignore lint/suspicious/noExplicitAny: the same three columns on two tables; Kysely cannot type a union of builders
  let f = q as any as GigsQuery;
  if (query.category && query.category !== 'all') f = f.where(sql.ref('category'), '=', query.category);
  if (query.priceRange === 'low') f = f.where(sql.ref('price'), '<', PRICE_THRESHOLDS.low);
  if (query.priceRange === 'medium')
    f = f.where(sql.ref('price'), '>=', PRICE_THRESHOLDS.low).where(sql.ref('price'), '<=', PRICE_THRESHOLDS.high);
  if (query.priceRange === 'high') f = f.where(sql.ref('price'), '>', PRICE_THRESHOLDS.high);
  if (query.minPrice !== undefined) f = f.where(sql.ref('price'), '>=', query.minPrice);
  if (query.maxPrice !== undefined) f = f.where(sql.ref('price'), '<=', query.maxPrice);
  if (query.maxDelivery !== undefined) f = f.where(sql`delivery_time::int`, '<=', query.maxDelivery);
  return f as unknown as Q;
}

/** Visibility and filters, on the gigs table alone so counting never pays for the joins. */
function filtered(db: Kysely<MarketplaceTables>, query: ListGigsQuery, callerId: string | null): GigsQuery {
  let q = db.selectFrom('gigs') as GigsQuery;
  if (query.mine === 'true' && callerId) q = q.where('gigs.owner_id', '=', callerId);
  else
    q = q.where((eb) =>
      callerId ? eb.or([eb('gigs.status', '=', 'active'), eb('gigs.owner_id', '=', callerId)]) : eb('gigs.status', '=', 'active'),
    );
  if (query.freelancer) q = q.where('gigs.owner_id', '=', query.freelancer);
  if (query.favorites === 'true' && callerId)
    q = q
      .where('gigs.status', '=', 'active')
      .where((eb) =>
        eb.exists(
          eb.selectFrom('gig_favorites').whereRef('gig_favorites.gig_id', '=', 'gigs.id').where('gig_favorites.person_id', '=', callerId),
        ),
      );
  return withFilters(q, query);
}

const countOf = async (q: GigsQuery) =>
  Number((await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst())?.total ?? 0);

/**
 * The total of a listing without words, exact and without counting gigs: the active ones from
 * their per-category, price and delivery counts, plus the caller's own drafts (a few rows, by owner).
 */
async function listingTotal(db: Kysely<MarketplaceTables>, query: ListGigsQuery, callerId: string | null): Promise<number> {
  // One person's gigs, or favourites, are few: counted by the owner index or the person's favourites.
  if ((query.mine === 'true' && callerId) || query.freelancer || query.favorites === 'true') return countOf(filtered(db, query, callerId));
  const active = withFilters(db.selectFrom('active_gig_counts') as CountsQuery, query)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('gigs'), sql<string>`0`).as('total'))
    .executeTakeFirst();
  const drafts = callerId
    ? countOf(withFilters(db.selectFrom('gigs').where('owner_id', '=', callerId).where('status', '<>', 'active') as GigsQuery, query))
    : 0;
  const [counted, own] = await Promise.all([active, drafts]);
  return Number(counted?.total ?? 0) + own;
}

/**
 * The listing's order: gigs with the words first when they only rank (`tiered`), then the chosen
 * sort, then newest first, then id so pages never overlap.
 */
// biome-ignore lint/suspicious/noExplicitAny: applied to the gigs table and to a search's matches, which share these columns
function ordered<Q extends SelectQueryBuilder<any, any, any>>(
  q: Q,
  query: ListGigsQuery,
  rank: RawBuilder<number> | null,
  tiered = false,
): Q {
  let o = q as unknown as GigsQuery;
  if (tiered) o = o.orderBy(sql`tier`, 'desc');
  switch (query.sortBy) {
    case 'price-low':
      o = o.orderBy(sql.ref('price'), 'asc');
      break;
    case 'price-high':
      o = o.orderBy(sql.ref('price'), 'desc');
      break;
    case 'rating':
      o = o.orderBy(sql.ref('rating'), 'desc').orderBy(sql.ref('reviews'), 'desc');
      break;
    default:
      // Without words to rank by, relevance means the best rated first.
      if (rank) o = o.orderBy(rank, 'desc');
      o = o.orderBy(sql.ref('rating'), 'desc');
  }
  return o
    .orderBy(sql.ref('created_at'), 'desc')
    .orderBy(sql.ref('id'))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit) as unknown as Q;
}

/**
 * A search's page and its total in one pass over the matches. The matches are read through the
 * text index first (a materialised CTE): left to itself, the planner may walk the price index and
 * test every gig's text against the words, which for a common word is tens of milliseconds.
 * A page past the end has no row to carry the total: then it is counted. With `tier`, the
 * matches are all the filtered gigs and those for which it holds come first, whatever the sort.
 */
async function searchPage(
  db: Kysely<MarketplaceTables>,
  matching: GigsQuery,
  query: ListGigsQuery,
  rank: RawBuilder<number>,
  tier?: RawBuilder<boolean>,
) {
  // Ranking reads each match's text: only a relevance sort pays for it.
  const byRelevance = query.sortBy === 'relevance';
  const matches = matching.select([
    'id',
    'price',
    'rating',
    'reviews',
    'created_at',
    (byRelevance ? rank : sql<number>`0`).as('rank'),
    (tier ?? sql<boolean>`true`).as('tier'),
  ]);
  const page = ordered(
    db
      .with(
        (cte) => cte('matches').materialized(),
        () => matches,
      )
      .selectFrom('matches')
      .select(['id', sql<string>`count(*) over ()`.as('total')]),
    query,
    byRelevance ? sql<number>`rank` : null,
    tier !== undefined,
  );
  const rows = await page.execute();
  const total = rows.length ? Number(rows[0]?.total) : query.page > 1 ? await countOf(matching) : 0;
  return { ids: rows.map((r) => r.id), total };
}

/** The words as a tsquery: every one required (`all`), or any one of them (`any`). */
function wordsQuery(search: string, match: ListGigsQuery['match']): string | null {
  const every = toPrefixTsQuery(search);
  return every && match === 'any' ? every.split(' & ').join(' | ') : every;
}

/**
 * Listing and search: only active gigs for others and your own drafts for you; full-text search
 * with weights (title over tags over description) and prefix matching on the last word, ranked by
 * text rank, then rating, then recency. When the words match nothing and the query is short, it
 * is read as a typo: trigram word similarity on titles and tags (index-backed `%>`), best first.
 * With `match=any` (an AI search) the words only order what the filters chose: gigs with any of
 * them first (best first, or in the chosen sort), then the others; when no gig has any (and no
 * typo reading finds one), the filters alone decide.
 */
export async function listGigs(db: Kysely<MarketplaceTables>, query: ListGigsQuery, callerId: string | null) {
  const search = query.search?.trim() ?? '';
  const tsquery = search ? wordsQuery(search, query.match) : null;
  let found: { ids: string[]; total: number } = { ids: [], total: 0 };
  if (tsquery) {
    // The gigs for which `holds` is true; with `any`, all the filtered gigs, those first.
    const read = async (trx: Kysely<MarketplaceTables>, holds: RawBuilder<boolean>, rank: RawBuilder<number>) => {
      const page = await searchPage(trx, filtered(trx, query, callerId).where(holds), query, rank);
      return page.total > 0 && query.match === 'any' ? searchPage(trx, filtered(trx, query, callerId), query, rank, holds) : page;
    };
    const tsq = sql`to_tsquery('english', ${tsquery})`;
    found = await read(db, sql<boolean>`gigs.search @@ ${tsq}`, sql<number>`ts_rank_cd(gigs.search, ${tsq}, 1)`);
    if (found.total === 0 && isTypoCandidate(search)) {
      found = await withTypoThreshold(db, (trx) => {
        const haystack = sql`(gigs.title || ' ' || gigs.tags_text)`;
        return read(trx, sql<boolean>`${haystack} %> ${search}`, sql<number>`word_similarity(${search}, ${haystack})`);
      });
    }
  }
  if (!tsquery || (found.total === 0 && query.match === 'any')) {
    const [page, total] = await Promise.all([
      ordered(filtered(db, query, callerId).select('id'), query, null).execute(),
      listingTotal(db, query, callerId),
    ]);
    found = { ids: page.map((r) => r.id), total };
  }

  const order = new Map(found.ids.map((id, i) => [id, i]));
  const rows = found.ids.length ? ((await gigViews(db, callerId).where('gigs.id', 'in', found.ids).execute()) as GigView[]) : [];
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const total = found.total;
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    rows,
    pagination: { currentPage: query.page, totalPages, totalGigs: total, hasNext: query.page < totalPages, hasPrev: query.page > 1 },
  };
}

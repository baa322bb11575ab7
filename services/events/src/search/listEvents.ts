import type { ListEventsQuery } from '@commonwork/contracts';
import { isTypoCandidate, toPrefixTsQuery, withTypoThreshold } from '@commonwork/kit';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { EventView } from '../events/present.ts';
import type { EventsDb } from '../tables.ts';

/** Events with their organiser's card and channel: the one shape listing, upcoming and detail read. */
export function eventViews(db: EventsDb) {
  return db
    .selectFrom('events')
    .leftJoin('people', 'people.user_id', 'events.organizer_id')
    .leftJoin('event_channels', 'event_channels.event_id', 'events.id')
    .selectAll('events')
    .select(['people.name as organizer_name', 'people.picture as organizer_picture', 'event_channels.channel_id']);
}

const chosen = <T extends string>(value: T | '' | 'all' | undefined): T | null => (value && value !== 'all' ? (value as T) : null);

/** Who sees what: published events for everyone, your drafts with `mine`, your seats with `registered`. */
function filtered(db: EventsDb, query: ListEventsQuery, callerId: string | null) {
  let q = eventViews(db);
  if (query.mine === 'true' && callerId) q = q.where('events.organizer_id', '=', callerId);
  else q = q.where('events.status', '=', 'published');
  if (query.registered === 'true')
    q = q.where('events.id', 'in', (eb) =>
      eb
        .selectFrom('event_attendees')
        .select('event_id')
        .where('user_id', '=', callerId ?? '00000000-0000-0000-0000-000000000000'),
    );
  const category = chosen(query.category);
  if (category) q = q.where('events.category', '=', category);
  const locationType = chosen(query['location[type]']);
  if (locationType) q = q.where('events.location_type', '=', locationType);
  if (query['priceRange[min]'] !== undefined) q = q.where('events.price', '>=', query['priceRange[min]']);
  if (query['priceRange[max]'] !== undefined) q = q.where('events.price', '<=', query['priceRange[max]']);
  return q;
}
type EventsQuery = ReturnType<typeof filtered>;

/**
 * The order of a page. By date: events still to come or under way first, soonest first, then past
 * ones, latest first. A search ranks by relevance first. Ties break on id, so pages never overlap.
 */
function ordered(q: EventsQuery, query: ListEventsQuery, now: Date, rank: Expression<number> | null) {
  let o = q;
  if (rank) o = o.orderBy(rank, 'desc');
  if (query.sort === 'newest') o = o.orderBy('events.created_at', 'desc');
  else if (query.sort === 'price') o = o.orderBy('events.price', 'asc');
  else
    o = o
      .orderBy(sql`events.ends_at <= ${now}`)
      .orderBy(sql`case when events.ends_at > ${now} then events.starts_at end`, 'asc')
      .orderBy('events.starts_at', 'desc');
  return o.orderBy('events.id');
}

async function page(q: EventsQuery, query: ListEventsQuery, now: Date, rank: Expression<number> | null) {
  const rows = (await ordered(q.select(sql<string>`count(*) over ()`.as('total')), query, now, rank)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute()) as (EventView & { total: string })[];
  // A page past the end has no row to carry the total: then it is counted.
  const total = rows.length
    ? Number(rows[0]?.total)
    : query.page > 1
      ? Number((await q.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0)
      : 0;
  return { rows: rows, total };
}

/**
 * Listing and search, 12 a page. Search is gig search's: weighted full text (title over tags over
 * description), the last word as a prefix; when that finds nothing and the query is short, it is
 * read as a typo (trigram word similarity on titles and tags).
 */
export async function listEvents(db: EventsDb, query: ListEventsQuery, callerId: string | null, now: Date) {
  const search = query.search?.trim() ?? '';
  const tsquery = search ? toPrefixTsQuery(search) : null;
  let found: { rows: EventView[]; total: number };
  if (tsquery) {
    const tsq = sql`to_tsquery('english', ${tsquery})`;
    const matching = filtered(db, query, callerId).where(sql<SqlBool>`events.search @@ ${tsq}`);
    found = await page(matching, query, now, sql<number>`ts_rank_cd(events.search, ${tsq}, 1)`);
    if (found.total === 0 && isTypoCandidate(search))
      found = await withTypoThreshold(db, (trx) => {
        const haystack = sql`(events.title || ' ' || events.tags_text)`;
        const similar = filtered(trx, query, callerId).where(sql<SqlBool>`${haystack} %> ${search}`);
        return page(similar, query, now, sql<number>`word_similarity(${search}, ${haystack})`);
      });
  } else {
    found = await page(filtered(db, query, callerId), query, now, null);
  }
  return {
    rows: found.rows,
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(found.total / query.limit)), total: found.total, limit: query.limit },
  };
}

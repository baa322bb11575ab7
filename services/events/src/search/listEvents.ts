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
  let q = db.selectFrom('events');
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
 * One page of ids and the total, in one pass over narrow rows: only the sort keys are read and
 * sorted, and only the page's events are read whole afterwards. By date: events still to come or
 * under way first, soonest first, then past ones, latest first. A search ranks by relevance first.
 * Ties break on id, so pages never overlap.
 */
async function page(q: EventsQuery, query: ListEventsQuery, now: Date, rank: Expression<number> | null) {
  let ordered = q.select(['events.id', sql<string>`count(*) over ()`.as('total')]);
  if (rank) ordered = ordered.orderBy(rank, 'desc');
  if (query.sort === 'newest') ordered = ordered.orderBy('events.created_at', 'desc');
  else if (query.sort === 'price') ordered = ordered.orderBy('events.price', 'asc');
  else
    ordered = ordered
      .orderBy(sql`events.ends_at <= ${now}`)
      .orderBy(sql`case when events.ends_at > ${now} then events.starts_at end`, 'asc')
      .orderBy('events.starts_at', 'desc');
  const rows = await ordered
    .orderBy('events.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  // A page past the end has no row to carry the total: then it is counted.
  const total = rows.length
    ? Number(rows[0]?.total)
    : query.page > 1
      ? Number((await q.select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0)
      : 0;
  return { ids: rows.map((r) => r.id), total };
}

/**
 * Listing and search, 12 a page. Search is gig search's: weighted full text (title over tags over
 * description), the last word as a prefix; when that finds nothing and the query is short, it is
 * read as a typo (trigram word similarity on titles and tags).
 */
export async function listEvents(db: EventsDb, query: ListEventsQuery, callerId: string | null, now: Date) {
  const search = query.search?.trim() ?? '';
  const tsquery = search ? toPrefixTsQuery(search) : null;
  let found: { ids: string[]; total: number };
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
  const order = new Map(found.ids.map((id, i) => [id, i]));
  const rows = found.ids.length ? ((await eventViews(db).where('events.id', 'in', found.ids).execute()) as EventView[]) : [];
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return {
    rows,
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(found.total / query.limit)), total: found.total, limit: query.limit },
  };
}

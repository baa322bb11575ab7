import type { ListEventsQuery } from '@commonwork/contracts';
import { isTypoCandidate, toPrefixTsQuery } from '@commonwork/kit';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { EventView } from '../events/present.ts';
import type { EventsDb } from '../tables.ts';

/**
 * Events with their organiser's card and channel, and whether `viewerId` holds a seat at each (in
 * the same statement): the one shape listing, upcoming and detail read.
 */
export function eventViews(db: EventsDb, viewerId: string | null) {
  return db
    .selectFrom('events')
    .leftJoin('people', 'people.user_id', 'events.organizer_id')
    .leftJoin('event_channels', 'event_channels.event_id', 'events.id')
    .selectAll('events')
    .select(['people.name as organizer_name', 'people.picture as organizer_picture', 'event_channels.channel_id'])
    .select((eb) =>
      viewerId
        ? eb
            .exists(
              eb
                .selectFrom('event_attendees')
                .select('event_attendees.event_id')
                .whereRef('event_attendees.event_id', '=', 'events.id')
                .where('event_attendees.user_id', '=', viewerId),
            )
            .as('is_registered')
        : sql<boolean>`false`.as('is_registered'),
    );
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

/** The date order's two runs: still to come or under way (soonest first), then past (latest first). */
const toCome = (q: EventsQuery, now: Date) => q.where('events.ends_at', '>', now).orderBy('events.starts_at', 'asc').orderBy('events.id');
const past = (q: EventsQuery, now: Date) => q.where('events.ends_at', '<=', now).orderBy('events.starts_at', 'desc').orderBy('events.id');
const countOf = async (q: EventsQuery) => Number((await q.select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);

/**
 * A listing's page in date order, read from the schedule index: the page is cut from the run of
 * events to come and, past its end, from the run of past events, so no query sorts the whole table.
 */
async function listingPage(q: EventsQuery, query: ListEventsQuery, now: Date) {
  const offset = (query.page - 1) * query.limit;
  const [coming, total] = await Promise.all([countOf(q.where('events.ends_at', '>', now)), countOf(q)]);
  const first = offset < coming ? await toCome(q, now).select('events.id').limit(query.limit).offset(offset).execute() : [];
  const rest = query.limit - first.length;
  const second =
    rest > 0
      ? await past(q, now)
          .select('events.id')
          .limit(rest)
          .offset(Math.max(0, offset - coming))
          .execute()
      : [];
  return { ids: [...first, ...second].map((r) => r.id), total };
}

/**
 * A search's page and its total, in one pass over narrow rows: only the sort keys are read and
 * sorted, and only the page's events are read whole afterwards. A relevance sort ranks first.
 * Ties break on id, so pages never overlap.
 */
async function searchPage(q: EventsQuery, query: ListEventsQuery, now: Date, rank: Expression<number> | null) {
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
  const total = rows.length ? Number(rows[0]?.total) : query.page > 1 ? await countOf(q) : 0;
  return { ids: rows.map((r) => r.id), total };
}

/**
 * Each word of a query that no title or tag has, replaced by the closest word one has (trigram
 * similarity over the few hundred words of titles and tags); null when nothing changes.
 */
async function corrected(db: EventsDb, search: string): Promise<string | null> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const fixed = await Promise.all(
    words.map(async (word) => {
      if (word.length < 3) return word;
      const best = await db
        .selectFrom('search_words')
        .select('word')
        .where(sql<SqlBool>`word % ${word}`)
        .orderBy(sql`similarity(word, ${word})`, 'desc')
        .orderBy('word')
        .limit(1)
        .executeTakeFirst();
      return best?.word ?? word;
    }),
  );
  const text = fixed.join(' ');
  return text === words.join(' ') ? null : text;
}

/**
 * Listing and search, 12 a page. Search is weighted full text (title over tags over description,
 * which orders matches when `sort=relevance`), the last word as a prefix; when that finds nothing
 * and the query is short, each unknown word is read as a typo of the closest word of a title or
 * tag, and the corrected words are searched the same way.
 */
export async function listEvents(db: EventsDb, query: ListEventsQuery, callerId: string | null, now: Date) {
  const search = query.search?.trim() ?? '';
  const fullText = (text: string) => {
    const tsquery = toPrefixTsQuery(text);
    if (!tsquery)
      return query.sort === 'date' || query.sort === 'relevance'
        ? listingPage(filtered(db, query, callerId), query, now)
        : searchPage(filtered(db, query, callerId), query, now, null);
    const tsq = sql`to_tsquery('english', ${tsquery})`;
    // Ranking reads each match's text: only a relevance sort pays for it.
    const rank = query.sort === 'relevance' ? sql<number>`ts_rank_cd(events.search, ${tsq}, 1)` : null;
    return searchPage(filtered(db, query, callerId).where(sql<SqlBool>`events.search @@ ${tsq}`), query, now, rank);
  };
  let found = await fullText(search);
  if (search && found.total === 0 && isTypoCandidate(search)) {
    const typoFree = await corrected(db, search);
    if (typoFree) found = await fullText(typoFree);
  }
  const order = new Map(found.ids.map((id, i) => [id, i]));
  const rows = found.ids.length ? ((await eventViews(db, callerId).where('events.id', 'in', found.ids).execute()) as EventView[]) : [];
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return {
    rows,
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(found.total / query.limit)), total: found.total, limit: query.limit },
  };
}

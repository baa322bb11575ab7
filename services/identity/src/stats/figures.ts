import type { StatChanges, StatCounts, UserStats } from '@commonwork/contracts';
import { precompiled } from '@commonwork/kit';
import { subMonths } from 'date-fns';
import { sql } from 'kysely';
import type { StatsDb } from '../tables.ts';

const NONE: StatCounts = { activeGigs: 0, events: 0, messages: 0 };
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Adds `delta` to a person's figures from the day of `at` on: that day gets a row (starting from the
 * day before it), and it and every later day move together, so events counted out of order still
 * leave each day's figures right. One statement: a consumer runs it for every message posted.
 *
 * Runs inside the consumer's transaction, under a lock on the person's figures held to its end: the
 * three statistics consumers count for one person at once, and without it one's new day would be
 * computed from a day before it that the other has not committed yet, losing that change.
 */
export async function addToFigures(db: StatsDb, userId: string, at: Date, delta: Partial<StatCounts>) {
  await sql`select pg_advisory_xact_lock(hashtext(${`identity:stats:${userId}`}))`.execute(db);
  await moveFigures.execute(db, {
    userId,
    day: dayOf(at),
    gigs: delta.activeGigs ?? 0,
    events: delta.events ?? 0,
    messages: delta.messages ?? 0,
  });
}

/** `addToFigures`' statement, compiled once: the consumers run it for every message posted. */
const moveFigures = precompiled(
  (db: StatsDb, { userId, day, gigs, events, messages }: { userId: string; day: string; gigs: number; events: number; messages: number }) =>
    db
      .with('later', (qb) =>
        qb
          .updateTable('stats_days')
          .set((eb) => ({
            active_gigs: eb('active_gigs', '+', gigs),
            events: eb('events', '+', events),
            messages: eb('messages', '+', messages),
          }))
          .where('user_id', '=', userId)
          .where('day', '>', day),
      )
      .insertInto('stats_days')
      .values((eb) => {
        const before = (column: 'active_gigs' | 'events' | 'messages') =>
          eb.fn.coalesce(
            eb.selectFrom('stats_days').select(column).where('user_id', '=', userId).where('day', '<', day).orderBy('day', 'desc').limit(1),
            eb.lit(0),
          );
        return {
          user_id: userId,
          day,
          active_gigs: eb(before('active_gigs'), '+', gigs),
          events: eb(before('events'), '+', events),
          messages: eb(before('messages'), '+', messages),
        };
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
          active_gigs: eb('stats_days.active_gigs', '+', gigs),
          events: eb('stats_days.events', '+', events),
          messages: eb('stats_days.messages', '+', messages),
        })),
      ),
);

/** One change of a person's figures: what moved, by how much, and when. */
export interface FigureChange {
  userId: string;
  at: Date;
  delta: Partial<StatCounts>;
}

/**
 * Adds many changes at once: those of one person on one day summed into one `addToFigures`, people
 * taken in a fixed order (so two consumers counting for the same people lock them in the same order).
 * Sums do not depend on order, so the figures are those of the changes added one by one.
 */
export async function addAllToFigures(db: StatsDb, changes: readonly FigureChange[]) {
  const summed = new Map<string, FigureChange & { delta: StatCounts }>();
  for (const { userId, at, delta } of changes) {
    const key = `${userId} ${dayOf(at)}`;
    const total = summed.get(key) ?? { userId, at, delta: { ...NONE } };
    total.delta.activeGigs += delta.activeGigs ?? 0;
    total.delta.events += delta.events ?? 0;
    total.delta.messages += delta.messages ?? 0;
    summed.set(key, total);
  }
  for (const key of [...summed.keys()].sort()) {
    const { userId, at, delta } = summed.get(key) as FigureChange;
    await addToFigures(db, userId, at, delta);
  }
}

/** A person's figures at the end of `day`, as a JSON array: the last day on or before it that changed them. */
const figuresOn = (db: StatsDb, userId: string, day: Date) =>
  db
    .selectFrom('stats_days')
    .select(sql<[number, number, number]>`json_build_array(active_gigs, events, messages)`.as('figures'))
    .where('user_id', '=', userId)
    .where('day', '<=', dayOf(day))
    .orderBy('day', 'desc')
    .limit(1);

const countsOf = (figures: [number, number, number] | null): StatCounts =>
  figures ? { activeGigs: figures[0], events: figures[1], messages: figures[2] } : NONE;

/**
 * Whole percent from `before` to `now`; null from nothing (a person who just arrived, or had none a
 * month ago): no percentage of 0 is true, so none is shown.
 */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/**
 * Today's figures with their change against the same day last month, read in one statement with
 * whether the person exists at all (undefined when not).
 */
export async function statsOf(db: StatsDb, userId: string, now = new Date()): Promise<UserStats | undefined> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('users').select(eb.lit(1).as('one')).where('id', '=', userId)).as('known'),
      figuresOn(db, userId, now).as('today'),
      figuresOn(db, userId, subMonths(now, 1)).as('lastMonth'),
    ])
    .executeTakeFirstOrThrow();
  if (!row.known) return undefined;
  const [today, lastMonth] = [countsOf(row.today), countsOf(row.lastMonth)];
  const changes: StatChanges = {
    activeGigs: percentChange(today.activeGigs, lastMonth.activeGigs),
    events: percentChange(today.events, lastMonth.events),
    messages: percentChange(today.messages, lastMonth.messages),
  };
  return { ...today, changes };
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { readAll, type StoredEvent, storeOf } from './eventStore.ts';

/** What a rebuild needs of an aggregate (every `Aggregate` is one): its stream name and its projection. */
export interface Projector<DB> {
  name: string;
  project(trx: Kysely<DB>, events: StoredEvent[]): Promise<void>;
}

/** A service's read side as a rebuild sees it: its schema, its own read tables and its aggregates. */
export interface Projections<DB> {
  schema: string;
  /**
   * The read tables the service's own events fill, emptied before the replay. Read models fed by
   * other services' events (and counters kept outside events) are not listed and stay as they are.
   */
  tables: readonly (keyof DB & string)[];
  aggregates: readonly Projector<DB>[];
}

const BATCH = 500;

/**
 * Replays a service's event store into its emptied read tables in one transaction, so readers see
 * the old tables or the new ones and never a half-built state. Consecutive events of one aggregate
 * are projected together, so projectors can batch their inserts. Snapshots are dropped with the
 * tables: they are folded again from the events on the next write.
 */
export async function rebuildProjections<DB>(database: Database, projections: Projections<DB>): Promise<number> {
  const db = database.forSchema<DB>(projections.schema);
  const byName = new Map(projections.aggregates.map((a) => [a.name, a]));
  const projectorOf = (event: StoredEvent) => {
    const projector = byName.get(event.streamId.slice(0, event.streamId.indexOf('-')));
    if (!projector) throw new Error(`No aggregate of ${projections.schema} projects stream ${event.streamId}`);
    return projector;
  };
  let replayed = 0;
  await db.transaction().execute(async (trx) => {
    for (const table of projections.tables) await sql`delete from ${sql.table(`${projections.schema}.${table}`)}`.execute(trx);
    const store = storeOf(trx);
    await store.deleteFrom('snapshots').execute();
    for (let position = 0; ; ) {
      const batch = await readAll(store, position, BATCH);
      if (batch.length === 0) break;
      for (const run of runsOf(batch, projectorOf)) await run.projector.project(trx, run.events);
      position = batch.at(-1)?.globalPosition ?? position;
      replayed += batch.length;
    }
  });
  return replayed;
}

function runsOf<P>(events: StoredEvent[], projectorOf: (event: StoredEvent) => P) {
  const runs: { projector: P; events: StoredEvent[] }[] = [];
  for (const event of events) {
    const projector = projectorOf(event);
    const last = runs.at(-1);
    if (last?.projector === projector) last.events.push(event);
    else runs.push({ projector, events: [event] });
  }
  return runs;
}

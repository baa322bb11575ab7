import { type Kysely, sql } from 'kysely';
import type { AnyDb } from '../db/database.ts';
import type { StoredEvent } from './eventStore.ts';
import { storeOf } from './eventStore.ts';

/**
 * Removes whole streams from a service's event store, with their snapshots, inside the caller's
 * transaction: what a person owned alone (their gigs, drafts, uploads) leaves no event a rebuild
 * could replay. Returns the removed events' ids (their published copies are purged from the bus).
 */
export async function removeStreams(trx: AnyDb, schema: string, streamIds: readonly string[]): Promise<string[]> {
  if (streamIds.length === 0) return [];
  const store = storeOf(trx.withSchema(schema));
  await store.deleteFrom('snapshots').where('stream_id', 'in', streamIds).execute();
  const removed = await store.deleteFrom('event_store').where('stream_id', 'in', streamIds).returning('event_id').execute();
  return removed.map((row) => row.event_id);
}

/**
 * Rewrites stored events in place (the store's one exception to immutability: a person's right to
 * erasure). Every event whose data mentions one of `mentions` is given to `redact`; the data it
 * answers replaces the stored data, `undefined` leaves the event as it is. Snapshots of the streams
 * touched are dropped (a fold of the old data); they are folded again on the next write.
 * Returns the rewritten events' ids.
 */
export async function redactEvents(
  trx: AnyDb,
  schema: string,
  mentions: readonly string[],
  redact: (event: StoredEvent) => unknown,
): Promise<string[]> {
  const wanted = mentions.filter((m) => m.length > 0);
  if (wanted.length === 0) return [];
  const table = sql.table(`${schema}.event_store`);
  const { rows } = await sql<{ event_id: string; stream_id: string; type: string; data: unknown }>`
    select event_id, stream_id, type, data from ${table}
    where ${sql.join(
      wanted.map((m) => sql`position(${m} in data::text) > 0`),
      sql` or `,
    )}`.execute(trx);
  const rewritten: string[] = [];
  const streams = new Set<string>();
  for (const row of rows) {
    const data = redact({ type: row.type, data: row.data, streamId: row.stream_id, eventId: row.event_id } as StoredEvent);
    if (data === undefined) continue;
    await sql`update ${table} set data = ${JSON.stringify(data)}::jsonb where event_id = ${row.event_id}`.execute(trx);
    rewritten.push(row.event_id);
    streams.add(row.stream_id);
  }
  if (streams.size > 0)
    await storeOf(trx.withSchema(schema))
      .deleteFrom('snapshots')
      .where('stream_id', 'in', [...streams])
      .execute();
  return rewritten;
}

/** The streams whose `type` event says, in its data's `field`, that they are the person's (a gig's `ownerId`). */
export async function streamsWhere<DB>(trx: Kysely<DB>, schema: string, type: string, field: string, value: string): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string }>`
    select distinct stream_id from ${sql.table(`${schema}.event_store`)} where type = ${type} and data->>${field} = ${value}`.execute(trx);
  return rows.map((row) => row.stream_id);
}

import { type Insertable, type Kysely, sql } from 'kysely';

/**
 * Keeps another service's state in a read model: inserts the row, or replaces the stored one unless
 * that one is newer (events of one entity may arrive out of order across consumers and replays).
 * The row carries `updated_at`, the time of the event it comes from.
 */
export async function keepNewest<DB, T extends keyof DB & string>(
  trx: Kysely<DB>,
  table: T,
  key: string,
  row: Insertable<DB[T]> & { updated_at: Date },
) {
  // biome-ignore lint/suspicious/noExplicitAny: one statement over any read-model table; the row is typed by the caller's table
  const db = trx as unknown as Kysely<any>;
  await db
    .insertInto(table)
    .values(row)
    .onConflict((oc) =>
      oc
        .column(key)
        .doUpdateSet(row)
        .where(sql.ref(`${table}.updated_at`), '<=', row.updated_at),
    )
    .execute();
}

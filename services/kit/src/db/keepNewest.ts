import { type Insertable, type Kysely, sql } from 'kysely';

/**
 * Keeps another service's state in a read model: inserts the row, or replaces the stored one unless
 * that one is newer (events of one entity may arrive out of order across consumers and replays).
 * The row carries `updated_at`, the time of the event it comes from.
 */
export async function keepNewest<DB, T extends keyof DB & string, F extends keyof Insertable<DB[T]> & string = never>(
  trx: Kysely<DB>,
  table: T,
  key: string,
  row: Omit<Insertable<DB[T]>, F> & { updated_at: Date },
  options: {
    /**
     * Text columns only one kind of event carries (a person's address, from registration): written on
     * insert (empty when this event has none), never overwritten, and filled in when the stored row has
     * none, however old this event is, since no newer event would bring them.
     */
    fillIfEmpty?: Readonly<Record<F, string>>;
  } = {},
) {
  // biome-ignore lint/suspicious/noExplicitAny: one statement over any read-model table; the row is typed by the caller's table
  const db = trx as unknown as Kysely<any>;
  const update: Record<string, unknown> = row;
  const name: string = table;
  const fill: Readonly<Record<string, string>> = options.fillIfEmpty ?? {};
  await db
    .insertInto(name)
    .values({ ...row, ...fill })
    .onConflict((oc) =>
      oc
        .column(key)
        .doUpdateSet(update)
        .where(sql.ref(`${table}.updated_at`), '<=', row.updated_at),
    )
    .execute();
  const id = update[key];
  for (const [column, value] of Object.entries(fill)) {
    if (!value) continue;
    await db
      .updateTable(name)
      .set({ [column]: value })
      .where(key, '=', id)
      .where(column, '=', '')
      .execute();
  }
}

import type { Database } from '@commonwork/kit';
import { sql } from 'kysely';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Events behind: outbox relays not yet through their event store, then consumers still handling what was published. */
export async function drained(database: Database, timeoutMs = 240_000) {
  const started = Date.now();
  const schemas = (
    await sql<{ schema: string }>`select table_schema as schema from information_schema.tables where table_name = 'event_store'`.execute(
      database.root,
    )
  ).rows.map((r) => r.schema);
  let handled = -1;
  for (let stableSince = 0; ; await sleep(250)) {
    if (Date.now() - started > timeoutMs) throw new Error(`events still being published or handled after ${timeoutMs / 1000} s`);
    let behind = 0;
    let total = 0;
    for (const schema of schemas) {
      const { rows } = await sql<{ behind: string; handled: string }>`select
        (select coalesce(max(global_position), 0) from ${sql.table(`${schema}.event_store`)})
          - coalesce((select position from ${sql.table(`${schema}.outbox_position`)}), 0) as behind,
        (select count(*) from ${sql.table(`${schema}.processed_events`)}) as handled`.execute(database.root);
      behind += Number(rows[0]?.behind);
      total += Number(rows[0]?.handled);
    }
    // Published everything, and the consumers have handled nothing new for a second.
    if (behind > 0 || total !== handled) {
      handled = total;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 1_000) return Date.now() - started;
  }
}

import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { type Projections, rebuildProjections } from '../events/rebuild.ts';

/**
 * The rebuild test every service has: each read table the service declares must hold rows (so the
 * comparison proves something: create every aggregate first), and a rebuild from the event store
 * must reproduce them exactly, row for row.
 */
export async function expectRebuildReproduces<DB>(database: Database, projections: Projections<DB>) {
  const tables = async () => {
    const read: Record<string, unknown[]> = {};
    for (const table of projections.tables) {
      const { rows } = await sql`select * from ${sql.table(`${projections.schema}.${table}`)}`.execute(database.root);
      // Row order is not the table's content: compare sorted.
      read[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return read;
  };
  const live = await tables();
  for (const table of projections.tables)
    expect(live[table]?.length ?? 0, `${projections.schema}.${table} has rows to compare`).toBeGreaterThan(0);
  const replayed = await rebuildProjections(database, projections);
  expect(replayed).toBeGreaterThan(0);
  expect(await tables()).toEqual(live);
}

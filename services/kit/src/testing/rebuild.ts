import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import type { DomainEvent } from '../events/eventStore.ts';
import { type Projections, rebuildPlatform, rebuildProjections, type ServiceReadSide } from '../events/rebuild.ts';

/** The kit's tables in every schema (event store, relay, consumers, snapshots, idempotency keys) and the migrator's: none is a read model. */
const KIT_TABLES = [
  'event_store',
  'outbox_position',
  'processed_events',
  'snapshots',
  'idempotency_keys',
  'kysely_migration',
  'kysely_migration_lock',
];

/** Columns of a table set outside events, by table (`schema.table`): a rebuild resets them, so they are not compared. */
type OutsideEvents = Readonly<Record<string, readonly string[]>>;

/** Every row of each table, as sorted JSON: row order is not a table's content. */
async function rowsOf(database: Database, tables: readonly string[], outside: OutsideEvents = {}) {
  const read: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.root);
    const skipped = outside[table] ?? [];
    read[table] = rows.map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !skipped.includes(column)))).sort();
  }
  return read;
}

/** What the platform's check may let pass: rebuilt tables the scenario leaves empty, and columns set outside events. */
export interface PlatformRebuildOptions {
  mayBeEmpty?: readonly string[];
  outsideEvents?: OutsideEvents;
}

/**
 * The rebuild test every service has: each read table of the service's own events must hold rows
 * (so the comparison proves something: create every aggregate first), and a rebuild from the event
 * store must reproduce them exactly, row for row.
 *
 * Given the whole platform instead (`readSide` of every service), the platform's rebuild check: every
 * table of every service's schema is one a rebuild fills (own events' or a read model of others') or
 * one it keeps; every table a rebuild fills holds rows (but those in `mayBeEmpty`); then every one of
 * them is emptied, the platform is rebuilt as `npm run rebuild` does, and every table, kept ones too,
 * is back row for row (but the columns in `outsideEvents`; versions, which a rebuild moves on, are not compared).
 */
export async function expectRebuildReproduces<DB, E extends DomainEvent>(
  database: Database,
  projections: Projections<DB, E>,
): Promise<void>;
export async function expectRebuildReproduces(
  database: Database,
  platform: readonly ServiceReadSide[],
  options?: PlatformRebuildOptions,
): Promise<void>;
export async function expectRebuildReproduces<DB, E extends DomainEvent>(
  database: Database,
  target: Projections<DB, E> | readonly ServiceReadSide[],
  options: PlatformRebuildOptions = {},
) {
  if (isPlatform(target)) return expectPlatformRebuildReproduces(database, target, options);
  const tables = target.tables.map((table) => `${target.schema}.${table}`);
  const live = await rowsOf(database, tables);
  for (const table of tables) expect(live[table]?.length ?? 0, `${table} has rows to compare`).toBeGreaterThan(0);
  const replayed = await rebuildProjections(database, target);
  expect(replayed).toBeGreaterThan(0);
  expect(await rowsOf(database, tables)).toEqual(live);
}

const isPlatform = <DB, E extends DomainEvent>(
  target: Projections<DB, E> | readonly ServiceReadSide[],
): target is readonly ServiceReadSide[] => Array.isArray(target);

async function expectPlatformRebuildReproduces(
  database: Database,
  platform: readonly ServiceReadSide[],
  { mayBeEmpty = [], outsideEvents = {} }: PlatformRebuildOptions,
) {
  const { rows } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in (${sql.join(platform.map((s) => s.schema))})`.execute(database.root);
  const declared = new Set(platform.flatMap((s) => [...s.rebuilt, ...s.kept, ...s.versions].map((table) => `${s.schema}.${table}`)));
  const versions = new Set(platform.flatMap((s) => s.versions.map((table) => `${s.schema}.${table}`)));
  const found = rows.filter((row) => !KIT_TABLES.includes(row.name)).map((row) => `${row.schema}.${row.name}`);
  expect(
    found.filter((table) => !declared.has(table)),
    'tables no projections declare (rebuilt, kept or versions)',
  ).toEqual([]);
  const every = found.filter((table) => !versions.has(table));
  const rebuilt = platform.flatMap((s) => s.rebuilt.map((table) => `${s.schema}.${table}`));
  const live = await rowsOf(database, every, outsideEvents);
  for (const table of rebuilt.filter((t) => !mayBeEmpty.includes(t)))
    expect(live[table]?.length ?? 0, `${table} has rows to compare`).toBeGreaterThan(0);
  // Dropped, as far as their rows go: nothing a rebuild fills is left to be found again.
  for (const table of rebuilt) await sql`delete from ${sql.table(table)}`.execute(database.root);
  const replayed = await rebuildPlatform(database, platform);
  expect(replayed.map((r) => r.schema).sort()).toEqual(platform.map((s) => s.schema).sort());
  expect(await rowsOf(database, every, outsideEvents)).toEqual(live);
}

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createApiClient, marketplaceRoutes, SERVICE_NAMES } from '@commonwork/contracts';
import { loadKeyStore } from '@commonwork/identity';
import { type Database, openDatabase, readSide } from '@commonwork/kit';
import { createTestBus, createTestDatabase, eventually, expectRebuildReproduces, testLogger } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../local/platform.ts';
import { seedDemo } from '../local/seed.ts';
import { SERVICE_PARTS } from '../local/services.ts';
import { type BackupManifest, MANIFEST_FILE } from './archive.ts';

// The backup proven: a platform populated by the demo and run until every read model has rows is
// backed up by `npm run backup`, restored by `npm run restore` into a fresh database, found equal
// table for table, rebuilt by the kit's rebuild check, and started. On a PostgreSQL server
// (DATABASE_URL: pg_dump/pg_restore, two cw_test_* databases) or, without one, embedded PGlite in
// data directories of its own (dumpDataDir/loadDataDir): the same test, each mode's own backup.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const mode = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const PLATFORM = Object.values(SERVICE_PARTS).map((part) => readSide(part.projections));
/**
 * As the seed's rebuild check: no demo person changed their privacy, holds a personal access token,
 * a webhook or a channel's incoming webhook, or asked for their data.
 */
const MAY_BE_EMPTY = [
  'orders.profile_visibility',
  'events.profile_visibility',
  'identity.personal_tokens',
  'identity.person_exports',
  'webhooks.webhooks',
  'messaging.incoming_hooks',
];

/** Runs `npm run backup` or `npm run restore` as npm would (tsx), on the database `env` names. */
const cli = (script: 'backup' | 'restore', folder: string, env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', join(ROOT, 'deploy/backup', `${script}.ts`), folder], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
  });

/** Every base table of every service's schema. */
async function tablesOf(database: Database) {
  const { rows } = await sql<{ name: string }>`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in (${sql.join(SERVICE_NAMES)}) order by 1`.execute(database.root);
  return rows.map((row) => row.name);
}

/** Every row of each table as sorted JSON: row order is not a table's content. */
async function contentsOf(database: Database) {
  const contents: Record<string, string[]> = {};
  for (const table of await tablesOf(database)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.root);
    contents[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

/** The read tables a rebuild fills that hold no row yet (but those the demo leaves empty). */
async function emptyReadTables(database: Database) {
  const empty: string[] = [];
  for (const table of PLATFORM.flatMap((s) => s.rebuilt.map((t) => `${s.schema}.${t}`)).filter((t) => !MAY_BE_EMPTY.includes(t))) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.root);
    if (!rows[0]?.n) empty.push(table);
  }
  return empty;
}

/** The services whose relay has not published its whole store yet. */
async function unpublished(database: Database) {
  const behind: string[] = [];
  for (const schema of SERVICE_NAMES) {
    const { rows } = await sql<{ behind: boolean }>`
      select coalesce((select max(global_position) from ${sql.table(`${schema}.event_store`)}), 0)
        > coalesce((select max(position) from ${sql.table(`${schema}.outbox_position`)}), 0) as behind`.execute(database.root);
    if (rows[0]?.behind) behind.push(schema);
  }
  return behind;
}

/** What the consumers have handled and what they made of it: events taken per service, and the notifications. */
async function handled(database: Database) {
  const counts: Record<string, number> = {};
  for (const table of [...SERVICE_NAMES.map((s) => `${s}.processed_events`), 'notifications.notifications']) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.root);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/** Resolves once every relay has published its whole store and the consumers have taken all of it (nothing changes for a second). */
async function settled(database: Database) {
  await eventually(async () => (await unpublished(database)).length === 0, 90_000);
  let last = '';
  await eventually(async () => {
    const now = JSON.stringify(await handled(database));
    const still = now === last;
    last = now;
    if (!still) await new Promise((r) => setTimeout(r, 1_000));
    return still;
  }, 90_000);
}

/** A database of each mode: a cw_test_* database on the server, or PGlite in a data directory (DATA_DIR/pglite). */
async function freshDatabase(tmp: string, name: string, { opened = true } = {}) {
  if (mode === 'postgres') {
    const { database, url, drop } = await createTestDatabase();
    return { database, env: { DATABASE_URL: url }, reopen: async () => database, drop };
  }
  const dataDir = join(tmp, name);
  await mkdir(join(dataDir, 'pglite'), { recursive: true });
  const open = () => openDatabase({ dataDir: join(dataDir, 'pglite') });
  // A restore's target is not opened first: opening PGlite on a folder makes a database there.
  let database: Database | undefined = opened ? await open() : undefined;
  return {
    get database() {
      if (!database) throw new Error(`${name} is not open`);
      return database;
    },
    env: { DATA_DIR: dataDir },
    /** PGlite has one writer: closed while the CLI works on its directory, opened again after. */
    close: async () => {
      await database?.close();
      database = undefined;
    },
    reopen: async () => {
      database ??= await open();
      return database;
    },
    drop: async () => {
      await database?.close();
    },
  };
}

type Fresh = Awaited<ReturnType<typeof freshDatabase>> & { close?: () => Promise<void> };

describe(`npm run backup and npm run restore (${mode})`, () => {
  let tmp: string;
  let source: Fresh;
  let target: Fresh | undefined;
  let closeBus: () => Promise<void>;
  let folder: string;
  let gigs: number;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'cw-backup-'));
    folder = join(tmp, 'backup');
    source = await freshDatabase(tmp, 'source');
    const testBus = await createTestBus();
    closeBus = testBus.close;
    const seeded = await seedDemo(source.database, { users: 8, gigs: 20, events: 6, seed: 11 });
    expect(seeded.seeded).toBe(true);
    const platform = await startPlatform({
      env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_MAX: '10000', RATE_LIMIT_AUTH_MAX: '10000' },
      database: source.database,
      bus: testBus.bus,
      log: testLogger(),
      keys: await loadKeyStore(),
    });
    try {
      // The read models fed by other services' events and the notifications are made once the
      // platform publishes the seeded events: every table a rebuild fills gets its rows first.
      const deadline = Date.now() + 90_000;
      let empty = await emptyReadTables(source.database);
      while (empty.length > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        empty = await emptyReadTables(source.database);
      }
      expect(empty, 'read tables still empty once the platform ran').toEqual([]);
      // What is backed up is what the platform made of the demo, every event handled.
      await settled(source.database);
    } finally {
      await platform.stop();
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from marketplace.gigs`.execute(source.database.root);
    gigs = rows[0]?.n ?? 0;
    // A seed and every service started: a minute or more on a busy two-core machine.
  }, 240_000);

  afterAll(async () => {
    await target?.drop();
    await source?.drop();
    await closeBus?.();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('backs up the schema of every service of the manifest', async () => {
    await source.close?.();
    const { stdout } = await cli('backup', folder, source.env);
    expect(stdout).toContain(`into ${folder}`);
    const manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ format: 'commonwork-backup', version: 1, kind: mode, schemas: SERVICE_NAMES });
    if (mode === 'postgres') expect(manifest.extensions.map((e) => e.name)).toContain('pg_trgm');
    // Backing up into a folder that holds something is refused: a backup is never written over another.
    await expect(cli('backup', folder, source.env)).rejects.toMatchObject({ stderr: expect.stringContaining('is not empty') });
  }, 60_000);

  it('restores into a fresh database every table of every service, row for row', async () => {
    target = await freshDatabase(tmp, 'restored', { opened: false });
    await target.close?.();
    const { stdout } = await cli('restore', folder, target.env);
    expect(stdout).toContain(`Restored ${SERVICE_NAMES.join(', ')}`);
    const restored = await contentsOf(await target.reopen());
    const live = await contentsOf(await source.reopen());
    expect(Object.keys(restored)).toEqual(Object.keys(live));
    expect(Object.keys(live)).toContain('identity.event_store');
    for (const table of Object.keys(live)) expect(restored[table], table).toEqual(live[table]);
  }, 60_000);

  it('refuses to restore over a database that holds the services, changing nothing', async () => {
    if (!target) throw new Error('not restored');
    await target.close?.();
    try {
      const refused = cli('restore', folder, target.env);
      await expect(refused).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already holds') });
    } finally {
      await target.reopen();
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from marketplace.gigs`.execute(target.database.root);
    expect(rows[0]?.n).toBe(gigs);
  }, 60_000);

  it("rebuilds the restored read models to the same rows (the kit's rebuild check), starts on them and publishes its stores again without handling anything twice", async () => {
    if (!target) throw new Error('not restored');
    const database = target.database;
    await expectRebuildReproduces(database, PLATFORM, { mayBeEmpty: MAY_BE_EMPTY });
    // As docs/operations.md restores a cluster: a fresh bus, and every relay set back to the start of
    // its store, so whatever was published but not yet handled at the backup is handled now.
    const before = await handled(database);
    for (const schema of SERVICE_NAMES) await sql`update ${sql.table(`${schema}.outbox_position`)} set position = 0`.execute(database.root);
    const testBus = await createTestBus();
    const platform = await startPlatform({
      env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0' },
      database: target.database,
      bus: testBus.bus,
      log: testLogger(),
      keys: await loadKeyStore(),
    });
    try {
      const api = createApiClient({ baseUrl: platform.url, checkAnswers: true });
      const listed = await api.send(marketplaceRoutes.listGigs, { query: { limit: 1 } });
      expect(listed.status).toBe(200);
      expect(listed.body.pagination.totalGigs).toBe(gigs);
      // Every store published again, and every consumer skipped what it had handled: nothing notified twice.
      await settled(database);
      expect(await handled(database)).toEqual(before);
    } finally {
      await platform.stop();
      await testBus.close();
    }
  }, 240_000);
});

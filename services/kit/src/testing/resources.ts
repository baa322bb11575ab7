import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import { MemoryBus } from '../events/memoryBus.ts';
import { NatsBus } from '../events/natsBus.ts';
import { createLogger, type Logger } from '../logger.ts';

// What a test file gets of its own: a database, a bus namespace, a logger; and a wait for
// eventually-consistent reads. Kept apart from index.ts so the harness can import it without a circle.

/** Which real servers this test run talks to: PostgreSQL and NATS when their URLs are set. */
export const testServers = { postgres: Boolean(process.env.DATABASE_URL), nats: Boolean(process.env.NATS_URL) };

export const testLogger = (): Logger => createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

const suffix = () => randomBytes(5).toString('hex');

/**
 * A database of its own for one test file: a fresh PostgreSQL database on the server named by
 * DATABASE_URL (dropped afterwards), or an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ template: await pgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const name = `cw_test_${suffix()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The files of a freshly initialised PGlite, made once per machine and PGlite build and kept in the
 * temporary folder: each test file's in-memory database starts from them instead of running initdb
 * again, most of a PGlite test file's start (docs/decisions/tests/pglite-from-a-template.md). Written
 * whole under another name, then renamed: a file run beside it reads a complete copy or none.
 */
async function pgliteTemplate(): Promise<Blob> {
  const build = statSync(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const path = join(tmpdir(), `commonwork-pglite-${build.size}-${Math.round(build.mtimeMs)}.tar`);
  if (!existsSync(path)) {
    const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
    const fresh = await PGlite.create({ extensions: { pg_trgm } });
    const files = await fresh.dumpDataDir('none');
    await fresh.close();
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await files.arrayBuffer()));
    renameSync(partial, path);
  }
  return new Blob([readFileSync(path)]);
}

/**
 * A bus of its own for one test file: JetStream under a namespace nobody else uses (its streams
 * deleted afterwards) when NATS_URL is set, else the in-process bus.
 */
export async function createTestBus(
  log: Logger = testLogger(),
): Promise<{ bus: EventBus; namespace?: string; close: () => Promise<void> }> {
  const url = process.env.NATS_URL;
  if (!url) {
    const bus = new MemoryBus(log);
    return { bus, close: () => bus.close() };
  }
  const namespace = `t${suffix()}`;
  const bus = await NatsBus.connect({ url, log, namespace, ackWaitMs: 2_000 });
  return {
    bus,
    namespace,
    close: async () => {
      await bus.close();
      await deleteNamespace(url, namespace);
    },
  };
}

/** Removes every stream of a test namespace from the NATS server. */
export async function deleteNamespace(url: string, namespace: string) {
  const nc = await connect({ servers: url });
  const jsm = await jetstreamManager(nc);
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(`${namespace}_`)) await jsm.streams.delete(name);
  }
  await nc.close();
}

/** Polls until `check` returns a truthy value or the time runs out (for eventually-consistent reads). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

import { randomUUID } from 'node:crypto';
import type { EventContract, EventEnvelope, EventMetadata } from '@commonwork/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { migrateSchema, type ServiceMigration } from '../db/migrations.ts';
import { type Aggregate, bindAggregate, importEvents } from '../events/aggregate.ts';
import { type ConsumerSpec, type EventBus, subjectMatches } from '../events/bus.ts';
import { type HandlerTools, type ServiceSubscription, startConsumer } from '../events/consumer.ts';
import type { DomainEvent } from '../events/eventStore.ts';
import { kitMigrations } from '../events/storeMigration.ts';
import { createTestDatabase, testLogger } from './resources.ts';

/** When the first batch of a scenario happens; each later batch one minute after the one before. */
export const SPEC_START = new Date('2026-01-01T12:00:00.000Z');
const BATCH_GAP_MS = 60_000;
/** The time of the `n`th batch (0-based) of a scenario: what its rows' timestamps read. */
export const batchTime = (n: number) => new Date(SPEC_START.getTime() + n * BATCH_GAP_MS);

/** A valid uuid that sorts as `n` does: ids whose rows come back in a known primary-key order. */
export const specId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const METADATA: EventMetadata = { actorId: null, correlationId: 'projection-spec', causationId: null };

/** An expected row in part: the columns named must match; numbers also match PostgreSQL's numeric strings. */
type ExpectedRow<T> = { [K in keyof T]?: unknown };

interface SpecDatabase<DB> {
  db: () => Promise<Kysely<DB>>;
  /** Empties every table of the schema (read tables, event store, dedupe): each scenario starts from nothing. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
}

/** The test file's database, shared by its specs (each PGlite costs seconds to open), and how many specs use it. */
let fileDatabase: { opened: Promise<{ database: Database; drop: () => Promise<void> }>; users: number } | undefined;

/**
 * The service's schema on a database of the test file's own (PGlite, or a fresh database on the
 * server named by DATABASE_URL), migrated by the kit's and the service's real migrations. Opened
 * before the file's tests and dropped after them by hooks the spec registers itself (opening takes
 * longer than a test may on a busy machine, and a forgotten drop would leave databases behind).
 */
function specDatabase<DB>(schema: string, migrations: ServiceMigration[]): SpecDatabase<DB> {
  let migrated: Promise<Database> | undefined;
  const open = () => {
    migrated ??= (async () => {
      fileDatabase ??= { opened: createTestDatabase(), users: 0 };
      fileDatabase.users++;
      const { database } = await fileDatabase.opened;
      await migrateSchema(database, schema, [...kitMigrations(), ...migrations]);
      return database;
    })();
    return migrated;
  };
  const close = async () => {
    if (!migrated) return;
    migrated = undefined;
    const file = fileDatabase;
    if (!file || --file.users > 0) return;
    fileDatabase = undefined;
    await (await file.opened).drop();
  };
  // PGlite takes seconds to open, many more on a machine the whole suite shares.
  beforeAll(async () => {
    await open();
  }, 300_000);
  afterAll(close);
  return {
    db: async () => (await open()).forSchema<DB>(schema),
    async reset() {
      const database = await open();
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = ${schema} and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'`.execute(database.root);
      if (rows.length === 0) return;
      const tables = sql.join(rows.map((r) => sql.table(`${schema}.${r.name}`)));
      await sql`truncate ${tables} restart identity`.execute(database.root);
    },
    close,
  };
}

/** The table's rows in primary-key order (or, with no primary key, in the order of their text). */
async function rowsOf<DB>(db: Kysely<DB>, schema: string, table: string): Promise<Record<string, unknown>[]> {
  const key = await sql<{ name: string }>`
    select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${`${schema}.${table}`}::regclass and i.indisprimary
    order by array_position(i.indkey, a.attnum)`.execute(db);
  const order = key.rows.length ? sql` order by ${sql.join(key.rows.map((r) => sql.ref(r.name)))}` : sql``;
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(`${schema}.${table}`)}${order}`.execute(db);
  return key.rows.length ? rows : rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/**
 * The read values as the expected ones are written: numeric and bigint columns come back as text
 * from PostgreSQL and as numbers from PGlite, so an expected number is compared as a number.
 */
function comparable(actual: unknown, expected: unknown): unknown {
  if (typeof expected === 'number' && typeof actual === 'string' && actual.trim() !== '') return Number(actual);
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((a, i) => comparable(a, expected[i]));
  if (
    expected !== null &&
    typeof expected === 'object' &&
    !(expected instanceof Date) &&
    actual !== null &&
    typeof actual === 'object' &&
    !(actual instanceof Date) &&
    !Array.isArray(actual)
  )
    return Object.fromEntries(
      Object.entries(actual).map(([k, v]) => [k, k in expected ? comparable(v, (expected as Record<string, unknown>)[k]) : v]),
    );
  return actual;
}

/** A write of the service's own between the given events: rows no projection makes (uploaded bytes, say). */
type Write<DB> = (db: Kysely<DB>) => Promise<unknown>;

/** A scenario's steps in order: batches of given events, and writes of the service's own. */
type Step<DB, G> = { given: G[] } | { write: Write<DB> };

/** What every scenario ends with: the rows, or a look of one's own at the database. */
interface Outcome<DB> {
  /**
   * Runs the scenario and hands over the service's database for assertions of one's own. The
   * scenario is thereby a thenable: awaited by mistake, it runs and fails as it would here.
   */
  then(check: (db: Kysely<DB>) => Promise<void> | void, onRejected?: (error: unknown) => void): Promise<void>;
  /**
   * Runs the scenario; the table holds exactly these rows, in primary-key order, each with at
   * least the columns given (`expect.any(Date)` and other matchers work).
   */
  thenRows<T extends keyof DB & string>(table: T, expected: ExpectedRow<DB[T]>[]): Promise<void>;
  /** Runs the scenario; the projection refuses it (a constraint, say) with an error whose message has this text. */
  thenThrows(text: string | RegExp): Promise<void>;
}

function outcomeOf<DB>(schema: string, database: SpecDatabase<DB>, run: (db: Kysely<DB>) => Promise<void>): Outcome<DB> {
  const ran = async () => {
    await database.reset();
    const db = await database.db();
    await run(db);
    return db;
  };
  return {
    // biome-ignore lint/suspicious/noThenProperty: see Outcome
    then: (check, onRejected) => {
      const checked = ran().then(check);
      return onRejected ? checked.catch(onRejected) : checked;
    },
    thenRows: async (table, expected) => {
      const rows = await rowsOf(await ran(), schema, table);
      expect(comparable(rows, expected), `rows of ${schema}.${table}`).toMatchObject(expected);
    },
    thenThrows: async (text) => {
      await expect(ran()).rejects.toThrow(text);
    },
  };
}

export interface ProjectionScenario<DB, E extends DomainEvent> extends Outcome<DB> {
  /** These events after the ones before, in a transaction of their own, one minute later (`batchTime`). */
  given(...events: E[]): ProjectionScenario<DB, E>;
  /** This write of the service's own after what came before (rows beside the events, which the projection changes). */
  meanwhile(write: Write<DB>): ProjectionScenario<DB, E>;
}

export interface ProjectionSpec<DB, E extends DomainEvent> {
  /**
   * From empty tables, these events are appended to the store and projected, in one transaction
   * and one call of the projection (as a rebuild or a group commit projects them), at `SPEC_START`.
   * Chain `.given(...)` for later transactions, then `.thenRows(...)` or `.then(...)`.
   */
  given(...events: E[]): ProjectionScenario<DB, E>;
  /** Drops the test's database now (the spec's own afterAll does it otherwise). */
  close(): Promise<void>;
}

/**
 * A projection's test without the platform (emmett's PostgreSQLProjectionSpec): given an
 * aggregate's events, then the rows. The events are appended and projected by `importEvents`, the
 * store's own append-then-project, so the projection sees what it sees live: stored events with
 * their stream versions, positions and times.
 *
 * ```ts
 * // In a describe block (or at the top of the file): it opens and drops its database in hooks of its own.
 * const spec = projectionSpec({ schema: 'drafts', migrations, aggregate: draftAggregate, idOf: (e) => e.data.draftId });
 * it('keeps a saved draft', () => spec.given(saved).thenRows('drafts', [{ id, title: 'Logo', version: 1 }]));
 * ```
 */
export function projectionSpec<DB, S, C, E extends DomainEvent>(options: {
  /** The service's schema: its name. */
  schema: string;
  /** The service's migrations (the kit's event store tables are added). */
  migrations: ServiceMigration[];
  aggregate: Aggregate<DB, S, C, E>;
  /** The instance an event belongs to: its stream is `<aggregate>-<id>`, its versions counted per instance. */
  idOf: (event: E) => string;
}): ProjectionSpec<DB, E> {
  const { schema, aggregate, idOf } = options;
  const database = specDatabase<DB>(schema, options.migrations);

  const project = async (db: Kysely<DB>, batch: E[], now: Date, versions: Map<string, number>) => {
    // One append per instance, in the order of its first event; events of one instance stay in order.
    const appends = new Map<string, E[]>();
    for (const event of batch) {
      const id = idOf(event);
      appends.set(id, [...(appends.get(id) ?? []), event]);
    }
    await db.transaction().execute(async (trx) => {
      await importEvents(trx, aggregate, {
        schema,
        metadata: METADATA,
        now,
        appends: [...appends].map(([id, events]) => ({ id, expectedVersion: versions.get(id) ?? 0, events })),
      });
    });
    for (const [id, events] of appends) versions.set(id, (versions.get(id) ?? 0) + events.length);
  };

  const scenario = (steps: Step<DB, E>[]): ProjectionScenario<DB, E> => ({
    ...outcomeOf(schema, database, async (db) => {
      const versions = new Map<string, number>();
      let n = 0;
      for (const step of steps)
        if ('write' in step) await step.write(db);
        else await project(db, step.given, batchTime(n++), versions);
    }),
    given: (...events) => scenario([...steps, { given: events }]),
    meanwhile: (write) => scenario([...steps, { write }]),
  });

  return { given: (...events) => scenario([{ given: events }]), close: database.close };
}

/**
 * An envelope as a publisher's outbox sends it: the contract's type and version, its payload
 * (checked by the compiler against the contract's schema), a fresh id, occurring at `SPEC_START`
 * unless told otherwise.
 */
export function published<const T extends string, S extends z.ZodType>(
  contract: EventContract<T, S>,
  data: z.input<S>,
  overrides: Partial<Pick<EventEnvelope, 'id' | 'occurredAt' | 'streamId' | 'metadata'>> = {},
): EventEnvelope {
  return {
    id: randomUUID(),
    type: contract.type,
    version: contract.version,
    occurredAt: SPEC_START.toISOString(),
    streamId: `${contract.type.split('.')[1]}-${randomUUID()}`,
    data,
    metadata: METADATA,
    ...overrides,
  };
}

export interface ReadModelScenario<DB> extends Outcome<DB> {
  /** These envelopes after the ones before, as a later delivery. */
  given(...envelopes: EventEnvelope[]): ReadModelScenario<DB>;
  /** This write of the service's own after what came before. */
  meanwhile(write: Write<DB>): ReadModelScenario<DB>;
}

export interface ReadModelSpec<DB> {
  /**
   * From empty tables, the service's consumers take these envelopes (each the ones its subject
   * filter takes, together, as a bus hands over the messages waiting). Chain `.given(...)` for
   * later deliveries, then `.thenRows(...)` or `.then(...)`.
   */
  given(...envelopes: EventEnvelope[]): ReadModelScenario<DB>;
  close(): Promise<void>;
}

/**
 * A read model's test without the platform: given other services' published events, then the
 * rows. The service's own subscriptions run through the kit's consumer (`startConsumer`: version
 * check, payload parsing, once-only by `processed_events`, one transaction per delivery), with
 * its aggregates bound for reactions that decide; only the bus is left out: each delivery is
 * handed to the consumer directly and awaited, so a failing handler fails the test with its error.
 */
export function readModelSpec<DB>(options: {
  schema: string;
  migrations: ServiceMigration[];
  /** The service's subscriptions (`handlers/index.ts`). */
  subscriptions: readonly ServiceSubscription<DB>[];
}): ReadModelSpec<DB> {
  const { schema, subscriptions } = options;
  const database = specDatabase<DB>(schema, options.migrations);

  const deliverAll = async (db: Kysely<DB>, steps: Step<DB, EventEnvelope>[]) => {
    const consumers: ConsumerSpec[] = [];
    const direct: EventBus = {
      ensureStream: async () => {},
      publish: async () => {
        throw new Error('A read model spec publishes nothing');
      },
      consume: async (spec) => {
        consumers.push(spec);
        return { stop: async () => {} };
      },
      ping: async () => {},
      close: async () => {},
    };
    const tools: HandlerTools<DB> = { aggregate: (aggregate) => bindAggregate({ db, schema, afterCommit: () => {} }, aggregate) };
    for (const subscription of subscriptions) await startConsumer({ ...subscription, db, bus: direct, log: testLogger(), tools });
    for (const step of steps) {
      if ('write' in step) {
        await step.write(db);
        continue;
      }
      for (const consumer of consumers) {
        const messages = step.given
          .filter((envelope) => subjectMatches(consumer.filterSubject, envelope.type))
          .map((envelope) => ({ subject: envelope.type, envelope, deliveryCount: 1 }));
        if (messages.length > 1 && consumer.handleBatch) await consumer.handleBatch(messages);
        else for (const message of messages) await consumer.handle(message);
      }
    }
  };

  const scenario = (steps: Step<DB, EventEnvelope>[]): ReadModelScenario<DB> => ({
    ...outcomeOf(schema, database, (db) => deliverAll(db, steps)),
    given: (...envelopes) => scenario([...steps, { given: envelopes }]),
    meanwhile: (write) => scenario([...steps, { write }]),
  });

  return { given: (...envelopes) => scenario([{ given: envelopes }]), close: database.close };
}

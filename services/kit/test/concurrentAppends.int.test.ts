import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppError,
  appendToStream,
  type Database,
  type EventStoreTables,
  eventStoreMigration,
  MemoryBus,
  migrateSchema,
  OutboxRelay,
  readStream,
  type StoredEvent,
  storeOf,
  toEnvelope,
} from '../src/index.ts';
import { createTestDatabase, eventually, testLogger } from '../src/testing/index.ts';

const schema = 'concurrent_appends';
const metadata = { actorId: null, correlationId: 'c', causationId: null };
const type = 'commit.thing.happened';

/** A transaction left open until the test commits or rolls it back. */
interface OpenTransaction {
  trx: Kysely<EventStoreTables>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

class RolledBack extends Error {}

// PGlite has one connection and one writer: what is tested here is PostgreSQL's concurrency.
describe.skipIf(!process.env.DATABASE_URL)('concurrent appends and the relay on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const log = testLogger();
  const db = () => database.forSchema<EventStoreTables>(schema);
  const bus = new MemoryBus(log);

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await migrateSchema(database, schema, [eventStoreMigration]);
    await bus.ensureStream('COMMIT', ['commit.>']);
  });
  afterAll(async () => {
    await bus.close();
    await drop();
  });

  const appendIn = (trx: Kysely<EventStoreTables>, streamId: string, expectedVersion: number | 'any' = 0) =>
    appendToStream(storeOf(trx), { schema, streamId, expectedVersion, events: [{ type, data: { streamId } }], metadata, now: new Date() });
  const append = (streamId: string, expectedVersion: number | 'any' = 0) =>
    db()
      .transaction()
      .execute((trx) => appendIn(trx, streamId, expectedVersion));

  const open = async (): Promise<OpenTransaction> => {
    let end: (commit: boolean) => void = () => {};
    const ended = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    let opened: (trx: Kysely<EventStoreTables>) => void = () => {};
    const trx = new Promise<Kysely<EventStoreTables>>((resolve) => {
      opened = resolve;
    });
    const done = db()
      .transaction()
      .execute(async (t) => {
        opened(t);
        if (!(await ended)) throw new RolledBack();
      });
    return {
      trx: await trx,
      commit: () => {
        end(true);
        return done;
      },
      rollback: async () => {
        end(false);
        await done.catch((error) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      },
    };
  };

  /** A relay on the test's store, caught up, and the order in which it hands events to the bus from then on. */
  const relay = async (published: StoredEvent[] = []) => {
    const outbox = new OutboxRelay({
      db: storeOf(db()),
      bus,
      log,
      pollMs: 5,
      map: (event) => {
        published.push(event);
        return toEnvelope(event);
      },
    });
    while ((await outbox.publishBatch()).published > 0);
    published.length = 0;
    return { outbox, published };
  };

  /** Fails instead of hanging when a write waits for another transaction. */
  const withoutWaiting = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the append waited for another writer')), 3_000)),
    ]);

  it('appends to different streams commit while another append is still open', async () => {
    const first = await open();
    await appendIn(first.trx, `a-${randomUUID()}`);
    const later = await withoutWaiting(append(`b-${randomUUID()}`));
    expect(later).toHaveLength(1);
    await first.commit();
  });

  it('appends to one stream at "any" version queue on the stream and number its versions in turn', async () => {
    const stream = `any-${randomUUID()}`;
    const first = await open();
    await appendIn(first.trx, stream, 'any');
    const second = append(stream, 'any');
    // Another stream is not held up by the queue on this one.
    await withoutWaiting(append(`other-${randomUUID()}`, 'any'));
    await first.commit();
    await second;
    expect((await readStream(db(), stream)).map((e) => e.streamVersion)).toEqual([1, 2]);
  });

  it('publishes a position whose transaction commits late before the positions after it', async () => {
    const { outbox, published } = await relay();
    const late = await open();
    const [held] = await appendIn(late.trx, `late-${randomUUID()}`);
    const [after] = await append(`after-${randomUUID()}`);
    for (let i = 0; i < 3; i++) {
      expect(await outbox.publishBatch()).toEqual({ published: 0, unfinished: true, waitingAt: held?.globalPosition });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(published).toEqual([]);
    await late.commit();
    await outbox.publishBatch();
    expect(published.map((e) => e.eventId)).toEqual([held?.eventId, after?.eventId]);
  });

  it('skips a position whose transaction rolled back, once no writer that could hold it still runs', async () => {
    const { outbox, published } = await relay();
    const failed = await open();
    await appendIn(failed.trx, `failed-${randomUUID()}`);
    const [after] = await append(`after-${randomUUID()}`);
    expect((await outbox.publishBatch()).published).toBe(0);
    await failed.rollback();
    // Other tests' transactions on this server may still run, so the relay may wait a round or two.
    await eventually(async () => (await outbox.publishBatch()).published > 0);
    expect(published.map((e) => e.eventId)).toEqual([after?.eventId]);
  });

  it('under many writers, some failing, two relays publish each committed event once and every stream in order', async () => {
    const published: StoredEvent[] = [];
    const first = await relay(published);
    const second = await relay(published);
    first.outbox.start();
    second.outbox.start();
    const streams = Array.from({ length: 6 }, () => `busy-${randomUUID()}`);
    const committed: StoredEvent[] = [];
    const writer = async (w: number) => {
      for (let i = 0; i < 30; i++) {
        const stream = streams[(w + i) % streams.length] ?? '';
        try {
          const events = await db()
            .transaction()
            .execute(async (trx) => {
              const events = await appendIn(trx, stream, 'any');
              await appendIn(trx, `own-${randomUUID()}`);
              if (i % 7 === w % 7) throw new RolledBack();
              return events;
            });
          committed.push(...events);
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
        first.outbox.kick();
        second.outbox.kick();
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    const ours = () => published.filter((e) => streams.includes(e.streamId));
    for (let waited = 0; ours().length < committed.length && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await first.outbox.stop();
    await second.outbox.stop();
    const positions = published.map((e) => e.globalPosition);
    expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
    expect(new Set(ours().map((e) => e.eventId))).toEqual(new Set(committed.map((e) => e.eventId)));
    for (const stream of streams) {
      const versions = ours()
        .filter((e) => e.streamId === stream)
        .map((e) => e.streamVersion);
      expect(versions).toEqual(versions.map((_, n) => n + 1));
    }
  });

  it('a stale expected version is still refused with a 409 while appends run in parallel', async () => {
    const stream = `stale-${randomUUID()}`;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => append(stream, 0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
  });
});

import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { EventEnvelope } from '@commonwork/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type EventBus, type EventStoreTables, OutboxRelay, startConsumer, storeOf, toEnvelope } from '../src/index.ts';
import { createTestBus, createTestDatabase, eventually, missing, testLogger } from '../src/testing/index.ts';
import { testEvent } from './factories.ts';

const fixture = fileURLToPath(new URL('./fixtures/commitAndDie.ts', import.meta.url));

// Two processes share a database only on a PostgreSQL server.
describe.skipIf(missing('postgres'))('a process killed between commit and publish', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  let bus: EventBus;
  let closeBus: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase();
    ({ database, drop } = db);
    url = db.url ?? '';
    ({ bus, close: closeBus } = await createTestBus());
    await bus.ensureStream('CRASH', ['crash.>']);
  });
  afterAll(async () => {
    await closeBus();
    await drop();
  });

  it('publishes the event after restart, and its consumer handles it exactly once', async () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', fixture, url, 'crash', `c-${randomUUID()}`], { encoding: 'utf8' });
    expect(child.signal).toBe('SIGKILL');
    const eventId = child.stdout.trim();
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);

    const log = testLogger();
    const db = database.forSchema<EventStoreTables & { handled: { event_id: string } }>('crash');
    await db.schema.createTable('handled').addColumn('event_id', 'uuid').execute();
    const seen: EventEnvelope[] = [];
    const sub = await startConsumer({
      db,
      bus,
      log,
      durable: 'crash-test',
      stream: 'CRASH',
      filterSubject: 'crash.>',
      handlers: [
        {
          handles: [testEvent('crash.thing.happened')],
          handle: async (trx, { envelope }) => {
            seen.push(envelope);
            await trx.insertInto('handled').values({ event_id: envelope.id }).execute();
          },
        },
      ],
    });
    // The restarted process: two relays racing (a rolling restart) still publish it once.
    const relays = [1, 2].map(() => new OutboxRelay({ db: storeOf(db), bus, log, map: toEnvelope, pollMs: 50 }));
    for (const relay of relays) relay.start();
    await eventually(async () => seen.length > 0);
    await new Promise((r) => setTimeout(r, 500));
    for (const relay of relays) await relay.stop();
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual([eventId]);
    expect(await db.selectFrom('handled').selectAll().execute()).toEqual([{ event_id: eventId }]);
  });
});

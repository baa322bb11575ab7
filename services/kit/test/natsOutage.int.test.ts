import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@commonwork/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appendToStream,
  type EventStoreTables,
  eventStoreMigration,
  migrateSchema,
  NatsBus,
  OutboxRelay,
  openDatabase,
  toEnvelope,
} from '../src/index.ts';
import { eventually, missing, natsServerBinary, testLogger } from '../src/testing/index.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

// A NATS server of the test's own, so the test can stop and start it.
describe.skipIf(missing('nats-server binary'))('outbox while NATS is down', () => {
  let server: ChildProcess | undefined;
  afterAll(() => server?.kill('SIGKILL'));

  it('publishes an event committed during the outage once NATS is back', async () => {
    const port = await freePort();
    const storeDir = mkdtempSync(join(tmpdir(), 'nats-'));
    const startNats = () => spawn(natsServerBinary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
    const log = testLogger();
    server = startNats();
    const bus = await eventually(() => NatsBus.connect({ url: `nats://127.0.0.1:${port}`, log }).catch(() => null));
    await bus.ensureStream('OUTAGE', ['outage.>']);

    const database = await openDatabase({});
    await migrateSchema(database, 'outage', [eventStoreMigration]);
    const db = database.forSchema<EventStoreTables>('outage');
    const relay = new OutboxRelay({ db, bus, log, map: toEnvelope, pollMs: 100 });

    server.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    const [event] = await db.transaction().execute((trx) =>
      appendToStream(trx, {
        schema: 'outage',
        streamId: `o-${randomUUID()}`,
        expectedVersion: 0,
        events: [{ type: 'outage.thing.happened', data: { during: 'outage' } }],
        metadata: { actorId: null, correlationId: 'c', causationId: null },
        now: new Date(),
      }),
    );
    relay.start();
    await new Promise((r) => setTimeout(r, 1_000));
    const stuck = await db.selectFrom('outbox_position').selectAll().executeTakeFirst();
    expect(stuck?.position ?? 0).toBe(0);

    server = startNats();
    const seen: EventEnvelope[] = [];
    await eventually(async () => {
      try {
        await bus.consume({
          stream: 'OUTAGE',
          durable: 'outage-check',
          filterSubject: 'outage.>',
          handle: async (m) => void seen.push(m.envelope),
        });
        return true;
      } catch {
        return false;
      }
    }, 20_000);
    await eventually(async () => seen.length > 0, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(seen.map((e) => e.id)).toEqual([event?.eventId]);
    await relay.stop();
    await bus.close();
    await database.close();
  }, 60_000);
});

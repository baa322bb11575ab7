import { randomUUID } from 'node:crypto';
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
import { eventually, missing, type OwnServer, startOwnServer, testLogger } from '../src/testing/index.ts';

// A NATS server of the test's own, so the test can stop and start it.
describe.skipIf(missing('nats-server binary'))('outbox while NATS is down', () => {
  let server: OwnServer | undefined;
  afterAll(() => server?.kill());

  it('publishes an event committed during the outage once NATS is back', async () => {
    const log = testLogger();
    server = await startOwnServer('nats');
    const nats = server;
    const bus = await eventually(() => NatsBus.connect({ url: nats.url, log }).catch(() => null));
    await bus.ensureStream('OUTAGE', ['outage.>']);

    const database = await openDatabase({});
    await migrateSchema(database, 'outage', [eventStoreMigration]);
    const db = database.forSchema<EventStoreTables>('outage');
    const relay = new OutboxRelay({ db, bus, log, map: toEnvelope, pollMs: 100 });

    await server.kill();
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

    server.start();
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

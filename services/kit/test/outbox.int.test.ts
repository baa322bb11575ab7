import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@commonwork/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendToStream,
  type Database,
  type EventBus,
  type EventStoreTables,
  eventStoreMigration,
  migrateSchema,
  OutboxRelay,
  startConsumer,
  storeOf,
  toEnvelope,
} from '../src/index.ts';
import { eventually, testLogger } from '../src/testing/index.ts';
import { busAdapters, databaseAdapters } from './adapters.ts';
import { testEvent } from './factories.ts';

const schema = 'outbox_test';
const metadata = { actorId: null, correlationId: 'c', causationId: null };

const pairs = databaseAdapters.flatMap((d) => busAdapters.map((b) => ({ name: `${d.name} + ${b.name}`, d, b })));

describe.each(pairs)('outbox and consumer on $name', ({ d, b }) => {
  let database: Database;
  let drop: () => Promise<void>;
  let bus: EventBus;
  let closeBus: () => Promise<void>;
  const log = testLogger();
  const db = () => database.forSchema<EventStoreTables & { seen: { event_id: string } }>(schema);
  let stream = 0;

  beforeAll(async () => {
    ({ database, drop } = await d.open());
    ({ bus, close: closeBus } = await b.open());
    await migrateSchema(database, schema, [eventStoreMigration]);
    await database.root.schema.withSchema(schema).createTable('seen').addColumn('event_id', 'uuid').execute();
  });
  afterAll(async () => {
    await closeBus();
    await drop();
  });

  /** A fresh subject space per test, so tests do not see each other's events. */
  const freshStream = async () => {
    stream++;
    const name = `OUTBOX${stream}`;
    await bus.ensureStream(name, [`outbox${stream}.>`]);
    return { name, type: `outbox${stream}.thing.happened` };
  };
  const commit = (type: string) =>
    db()
      .transaction()
      .execute((trx) =>
        appendToStream(storeOf(trx), {
          schema,
          streamId: `t-${randomUUID()}`,
          expectedVersion: 0,
          events: [{ type, data: {} }],
          metadata,
          now: new Date(),
        }),
      );
  const collect = async (name: string, type: string) => {
    const seen: EventEnvelope[] = [];
    const sub = await bus.consume({
      stream: name,
      durable: `collect-${name}`,
      filterSubject: type,
      handle: async (m) => void seen.push(m.envelope),
    });
    return { seen, sub };
  };

  it('publishes after a restart what was committed before a crash, once', async () => {
    const { name, type } = await freshStream();
    // The process "crashed" between commit and publish: nothing relayed these.
    const committed = [await commit(type), await commit(type)].flat();
    const { seen, sub } = await collect(name, type);
    const relay = new OutboxRelay({ db: storeOf(db()), bus, log, map: toEnvelope, pollMs: 50 });
    relay.start();
    await eventually(async () => seen.length >= 2);
    await relay.stop();
    // A second relay (the next restart) has nothing left to publish.
    expect(await new OutboxRelay({ db: storeOf(db()), bus, log, map: toEnvelope }).publishBatch()).toEqual({
      published: 0,
      unfinished: false,
      waitingAt: null,
    });
    await new Promise((r) => setTimeout(r, 200));
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual(committed.map((e) => e.eventId));
  });

  it('two replicas of a relay on one store publish each event once, in order, and one takes over when the other stops', async () => {
    const { name, type } = await freshStream();
    // Every publish the relays make, before the bus's own dedupe could hide a double.
    const attempts: string[] = [];
    const counting: EventBus = {
      ensureStream: (stream, subjects) => bus.ensureStream(stream, subjects),
      consume: (spec) => bus.consume(spec),
      ping: () => bus.ping(),
      close: () => bus.close(),
      publish: (envelope) => {
        attempts.push(envelope.id);
        return bus.publish(envelope);
      },
    };
    const [a, b] = [1, 2].map(() => new OutboxRelay({ db: storeOf(db()), bus: counting, log, map: toEnvelope, pollMs: 5 }));
    a?.start();
    b?.start();
    const committed: string[] = [];
    for (let i = 0; i < 30; i++) {
      committed.push(...(await commit(type)).map((e) => e.eventId));
      // Each replica's own commit wakes its relay: here both, so they race for every event.
      a?.kick();
      b?.kick();
    }
    await eventually(async () => attempts.length >= committed.length);
    await a?.stop();
    for (let i = 0; i < 5; i++) committed.push(...(await commit(type)).map((e) => e.eventId));
    await eventually(async () => attempts.length >= committed.length);
    await b?.stop();
    const ours = attempts.filter((id) => committed.includes(id));
    expect(ours).toEqual(committed);
    const { seen, sub } = await collect(name, type);
    await eventually(async () => seen.length >= committed.length);
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual(committed);
  });

  it('an event no kick announced (a missed notify) is found by the idle look, which backs off but keeps looking', async () => {
    const { name, type } = await freshStream();
    const { seen, sub } = await collect(name, type);
    const relay = new OutboxRelay({ db: storeOf(db()), bus, log, map: toEnvelope, pollMs: 20, idlePollMs: 300 });
    relay.start();
    // Idle long enough for the look to back off to its slowest.
    await new Promise((r) => setTimeout(r, 800));
    const [quiet] = await commit(type);
    await eventually(async () => seen.length === 1, 3_000);
    // A kick after a commit still publishes at once, whatever the idle look has backed off to.
    await new Promise((r) => setTimeout(r, 800));
    const [kicked] = await commit(type);
    const kickedAt = performance.now();
    relay.kick();
    await eventually(async () => seen.length === 2, 3_000);
    expect(performance.now() - kickedAt).toBeLessThan(250);
    await relay.stop();
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual([quiet?.eventId, kicked?.eventId]);
  });

  it('a publish that fails mid-round lets nothing after it through; the next round publishes the rest, in order', async () => {
    stream++;
    const name = `OUTBOX${stream}`;
    // The stream takes only `.a` at first: the `.b` event's publish fails (no stream takes it).
    await bus.ensureStream(name, [`outbox${stream}.a`]);
    const [a, b] = [`outbox${stream}.a`, `outbox${stream}.b`];
    const committed = [...(await commit(a)), ...(await commit(a)), ...(await commit(b)), ...(await commit(a)), ...(await commit(a))];
    const relay = new OutboxRelay({ db: storeOf(db()), bus, log, map: toEnvelope });
    await expect(relay.publishBatch()).rejects.toThrow();
    const position = async () => Number((await db().selectFrom('outbox_position').select('position').executeTakeFirstOrThrow()).position);
    // The position is after the acknowledged prefix, before the failed event.
    expect(await position()).toBe(committed[1]?.globalPosition);
    await bus.ensureStream(name, [`outbox${stream}.>`]);
    expect(await relay.publishBatch()).toMatchObject({ published: 3 });
    expect(await position()).toBe(committed[4]?.globalPosition);
    // The stream holds every event once, in commit order: the `.a` events after the failure waited for it.
    const { seen, sub } = await collect(name, `outbox${stream}.>`);
    await eventually(async () => seen.length >= committed.length);
    await new Promise((r) => setTimeout(r, 200));
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual(committed.map((e) => e.eventId));
  });

  it('a round publishes a hundred events without waiting for each acknowledgement, all once and in order', async () => {
    const { name, type } = await freshStream();
    const committed: string[] = [];
    for (let i = 0; i < 10; i++) {
      const trxEvents = await db()
        .transaction()
        .execute((trx) =>
          appendToStream(storeOf(trx), {
            schema,
            streamId: `t-${randomUUID()}`,
            expectedVersion: 0,
            events: Array.from({ length: 10 }, () => ({ type, data: {} })),
            metadata,
            now: new Date(),
          }),
        );
      committed.push(...trxEvents.map((e) => e.eventId));
    }
    // Every publish is sent before the first acknowledgement comes back.
    let inFlight = 0;
    let most = 0;
    const watched: EventBus = {
      ensureStream: (stream, subjects) => bus.ensureStream(stream, subjects),
      consume: (spec) => bus.consume(spec),
      ping: () => bus.ping(),
      close: () => bus.close(),
      publish: async (envelope, options) => {
        most = Math.max(most, ++inFlight);
        try {
          await bus.publish(envelope, options);
        } finally {
          inFlight--;
        }
      },
    };
    const relay = new OutboxRelay({ db: storeOf(db()), bus: watched, log, map: toEnvelope });
    expect(await relay.publishBatch()).toMatchObject({ published: 100 });
    expect(most).toBe(100);
    const { seen, sub } = await collect(name, type);
    await eventually(async () => seen.length >= committed.length);
    await new Promise((r) => setTimeout(r, 200));
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual(committed);
  });

  it('a crash after publishing but before saving the position republishes, and the consumer still handles it once', async () => {
    const { name, type } = await freshStream();
    const [event] = await commit(type);
    const relay = new OutboxRelay({ db: storeOf(db()), bus, log, map: toEnvelope });
    await relay.publishBatch();
    // Crash before the position was saved: wind the position back and publish again.
    await db()
      .updateTable('outbox_position')
      .set({ position: (event?.globalPosition ?? 1) - 1 })
      .execute();
    await relay.publishBatch();
    const handled: string[] = [];
    const sub = await startConsumer({
      db: db(),
      bus,
      log,
      durable: `once-${name}`,
      stream: name,
      filterSubject: `outbox${stream}.>`,
      handlers: [
        {
          handles: [testEvent(type)],
          handle: async (trx, { envelope }) => {
            handled.push(envelope.id);
            await trx.insertInto('seen').values({ event_id: envelope.id }).execute();
          },
        },
      ],
    });
    // Deliver the same event again, as a redelivery after a lost ack would.
    if (event) await bus.publish({ ...toEnvelope(event) });
    await eventually(async () => handled.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    await sub.stop();
    expect(handled).toEqual([event?.eventId]);
    const rows = await db()
      .selectFrom('seen')
      .selectAll()
      .where('event_id', '=', event?.eventId ?? '')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

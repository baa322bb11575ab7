import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bindAggregate,
  type ConsumerOptions,
  type Database,
  defineAggregate,
  defineHandler,
  type EventBus,
  kitMigrations,
  migrateSchema,
  startConsumer,
} from '../src/index.ts';
import { eventually, testLogger } from '../src/testing/index.ts';
import { busAdapters, databaseAdapters } from './adapters.ts';
import { buildEnvelope } from './factories.ts';

const pairs = databaseAdapters.flatMap((d) => busAdapters.map((b) => ({ name: `${d.name} + ${b.name}`, d, b })));
const schema = 'consumer_contract';

describe.each(pairs)('typed consumer on $name', ({ d, b }) => {
  let database: Database;
  let drop: () => Promise<void>;
  let bus: EventBus;
  let closeBus: () => Promise<void>;
  let n = 0;

  beforeAll(async () => {
    ({ database, drop } = await d.open());
    ({ bus, close: closeBus } = await b.open());
    await migrateSchema(database, schema, kitMigrations());
  });
  afterAll(async () => {
    await closeBus();
    await drop();
  });

  /** A consumer of the current test's stream (`CONSUMER${n}`) on the file's schema. */
  const consumerOf = <DB = object>(
    durable: string,
    handlers: ConsumerOptions<DB>['handlers'],
    more: Pick<ConsumerOptions<DB>, 'tools' | 'afterCommit'> = {},
  ) =>
    startConsumer<DB>({
      db: database.forSchema<DB>(schema),
      bus,
      log: testLogger(),
      durable,
      stream: `CONSUMER${n}`,
      filterSubject: `consumer${n}.>`,
      handlers,
      ...more,
    });

  it('hands handlers the parsed payload of the version they understand, and dead-letters at once what they cannot read', async () => {
    n++;
    const subject = `consumer${n}.thing.happened`;
    // The contract at version 2: a payload with a count.
    const ThingHappened = { type: subject, version: 2, schema: z.object({ count: z.number() }) };
    await bus.ensureStream(`CONSUMER${n}`, [`consumer${n}.>`]);
    const seen: number[] = [];
    const attempts: string[] = [];
    const handler = defineHandler([ThingHappened], async (_trx: Kysely<object>, { data, envelope }) => {
      attempts.push(envelope.id);
      seen.push(data.count);
    });
    const durable = `consumer-test-${n}`;
    const sub = await consumerOf(durable, [handler]);
    const dead: string[] = [];
    const deadSub = await bus.consume({
      stream: 'DEADLETTER',
      durable: `${durable}-dlq`,
      filterSubject: `deadletter.${durable}`,
      handle: async (m) => void dead.push(m.envelope.id),
    });
    const oldVersion = buildEnvelope({ type: subject, version: 1, data: { count: 1 } });
    const badPayload = buildEnvelope({ type: subject, version: 2, data: { count: 'two' } });
    const good = buildEnvelope({ type: subject, version: 2, data: { count: 3 } });
    for (const envelope of [oldVersion, badPayload, good]) await bus.publish(envelope);
    await eventually(async () => seen.length === 1 && dead.length === 2, 20_000);
    await sub.stop();
    await deadSub.stop();
    expect(seen).toEqual([3]);
    expect(attempts).toEqual([good.id]);
    expect(dead).toEqual([oldVersion.id, badPayload.id]);
  });

  it('acknowledges without a transaction an event no handler is concerned with, and handles the others once', async () => {
    n++;
    const subject = `consumer${n}.thing.happened`;
    const Thing = { type: subject, version: 1, schema: z.object({ wanted: z.boolean() }) };
    await bus.ensureStream(`CONSUMER${n}`, [`consumer${n}.>`]);
    const durable = `consumer-test-${n}`;
    const handled: string[] = [];
    const handler = defineHandler(
      [Thing],
      async (_trx: Kysely<object>, { envelope }) => {
        handled.push(envelope.id);
      },
      { concerns: ({ data }) => data.wanted },
    );
    const sub = await consumerOf(durable, [handler]);
    const envelopes = [false, true, false, true].map((wanted) => buildEnvelope({ type: subject, data: { wanted } }));
    for (const envelope of envelopes) await bus.publish(envelope);
    const processed = async () =>
      (
        await sql<{
          event_id: string;
        }>`select event_id from ${sql.table(`${schema}.processed_events`)} where consumer = ${durable}`.execute(database.root)
      ).rows.map((row) => row.event_id);
    await eventually(async () => handled.length === 2);
    await sub.stop();
    const wanted = envelopes.filter((e) => (e.data as { wanted: boolean }).wanted).map((e) => e.id);
    expect(handled).toEqual(wanted);
    // Only what was handled is recorded: the rest took no transaction.
    expect((await processed()).sort()).toEqual([...wanted].sort());
    // Every one was acknowledged: a consumer started again under the same durable is given none of them.
    const again: string[] = [];
    const resumed = await consumerOf(durable, [
      defineHandler([Thing], async (_trx: Kysely<object>, { envelope }) => void again.push(envelope.id)),
    ]);
    const last = buildEnvelope({ type: subject, data: { wanted: false } });
    await bus.publish(last);
    await eventually(async () => again.length > 0);
    await resumed.stop();
    expect(again).toEqual([last.id]);
  });

  it('wakes the relay after a reaction that appended events, and not after one that appended none', async () => {
    n++;
    const subject = `consumer${n}.thing.happened`;
    const Thing = { type: subject, version: 1, schema: z.object({ note: z.boolean() }) };
    await bus.ensureStream(`CONSUMER${n}`, [`consumer${n}.>`]);
    // A reaction that notes the thing in an aggregate of its own only when asked to.
    const notes = defineAggregate<object, number, { type: 'Note' }, { type: 'Noted'; data: object }>({
      name: 'note',
      decider: { initialState: () => 0, evolve: (count) => count + 1, decide: () => [{ type: 'Noted', data: {} }] },
      project: async () => {},
    });
    const db = database.forSchema<object>(schema);
    const handled: string[] = [];
    const handler = defineHandler([Thing], async (trx: Kysely<object>, { data, envelope }, tools) => {
      if (data.note) await tools.aggregate(notes).handleIn(trx, envelope.id, { type: 'Note' }, envelope.metadata);
      handled.push(envelope.id);
    });
    let wakes = 0;
    const sub = await consumerOf(`consumer-test-${n}`, [handler], {
      tools: { aggregate: (aggregate) => bindAggregate({ db, schema, afterCommit: () => {} }, aggregate) },
      afterCommit: () => wakes++,
    });
    for (const note of [false, true, false]) await bus.publish(buildEnvelope({ type: subject, data: { note } }));
    await eventually(async () => handled.length === 3);
    await sub.stop();
    expect(wakes).toBe(1);
  });

  it('handles events that waited together in one transaction, each once and in order, and retries a failing one alone', async () => {
    n++;
    const subject = `consumer${n}.thing.happened`;
    const Thing = { type: subject, version: 1, schema: z.object({ index: z.number() }) };
    await bus.ensureStream(`CONSUMER${n}`, [`consumer${n}.>`]);
    const db = database.forSchema<{ batch_seen: { event_index: number; xid: string } }>(schema);
    await sql`create table if not exists ${sql.table(`${schema}.batch_seen`)} (event_index int primary key, xid text not null)`.execute(
      database.root,
    );
    await sql`truncate ${sql.table(`${schema}.batch_seen`)}`.execute(database.root);
    const round = 30;
    const failing = round + 17;
    let failedOnce = false;
    const handler = defineHandler([Thing], async (trx: typeof db, { data }) => {
      const { rows } = await sql<{ xid: string }>`select txid_current()::text as xid`.execute(trx);
      await trx
        .insertInto('batch_seen')
        .values({ event_index: data.index, xid: rows[0]?.xid ?? '' })
        .execute();
      // One event of the second round fails the first time: its batch is rolled back and handed over one by one.
      if (data.index === failing && !failedOnce) {
        failedOnce = true;
        throw new Error('a passing failure');
      }
    });
    const seen = () => db.selectFrom('batch_seen').select(['event_index', 'xid']).orderBy('event_index').execute();
    const publishRound = async (from: number) => {
      for (let index = from; index < from + round; index++) await bus.publish(buildEnvelope({ type: subject, data: { index } }));
    };
    const start = () => consumerOf<{ batch_seen: { event_index: number; xid: string } }>(`consumer-test-${n}`, [handler]);

    // Published while no replica runs: all waiting when one starts.
    await publishRound(0);
    let sub = await start();
    await eventually(async () => (await seen()).length === round, 20_000);
    await sub.stop();
    const first = await seen();
    expect(new Set(first.map((r) => r.xid)).size).toBeLessThan(round / 2);

    await publishRound(round);
    sub = await start();
    await eventually(async () => (await seen()).length === 2 * round, 20_000);
    await sub.stop();
    expect(failedOnce).toBe(true);
    const rows = await seen();
    expect(rows.map((r) => r.event_index)).toEqual(Array.from({ length: 2 * round }, (_, i) => i));
    // In order: transaction ids never go down along the stream.
    const xids = rows.map((r) => BigInt(r.xid));
    expect(xids.every((x, i) => i === 0 || x >= (xids[i - 1] as bigint))).toBe(true);
  });
});

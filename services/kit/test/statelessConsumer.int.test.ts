import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineBatchReaction, defineReaction, type EventBus, serviceStream, startStatelessConsumer } from '../src/index.ts';
import { eventually, testLogger } from '../src/testing/index.ts';
import { busAdapters } from './adapters.ts';
import { buildEnvelope } from './factories.ts';

describe.each(busAdapters)('stateless consumer on $name', (b) => {
  let bus: EventBus;
  let closeBus: () => Promise<void>;
  let n = 0;

  beforeAll(async () => {
    ({ bus, close: closeBus } = await b.open());
  });
  afterAll(() => closeBus());

  /** Two publishers (streams) and a contract of each, at the version the reactions understand. */
  const publishers = () => {
    n++;
    const counted = { type: `counts${n}.thing.counted`, version: 2, schema: z.object({ count: z.number() }) };
    const named = { type: `names${n}.thing.named`, version: 1, schema: z.object({ name: z.string() }) };
    return { counted, named, durable: `stateless-test-${n}` };
  };

  it('reads every stream its reactions name, hands them the parsed payload, and dead-letters at once what they cannot read', async () => {
    const { counted, named, durable } = publishers();
    const seen: string[] = [];
    const sub = await startStatelessConsumer({
      bus,
      log: testLogger(),
      durable,
      context: { prefix: '>' },
      reactions: [
        defineReaction([counted], async (ctx: { prefix: string }, { data }) => void seen.push(`${ctx.prefix}${data.count}`)),
        defineReaction([named], async (ctx: { prefix: string }, { data }) => void seen.push(`${ctx.prefix}${data.name}`)),
      ],
    });
    const dead: string[] = [];
    const deadSub = await bus.consume({
      stream: 'DEADLETTER',
      durable: `${durable}-dlq`,
      filterSubject: `deadletter.${durable}`,
      handle: async (m) => void dead.push(m.envelope.id),
    });
    const oldVersion = buildEnvelope({ type: counted.type, version: 1, data: { count: 1 } });
    const badPayload = buildEnvelope({ type: counted.type, version: 2, data: { count: 'two' } });
    const unknownType = buildEnvelope({ type: `counts${n}.thing.other`, data: {} });
    for (const envelope of [oldVersion, badPayload, unknownType]) await bus.publish(envelope);
    await bus.publish(buildEnvelope({ type: counted.type, version: 2, data: { count: 3 } }));
    await bus.publish(buildEnvelope({ type: named.type, data: { name: 'ada' } }));
    await eventually(async () => seen.length === 2 && dead.length === 2, 20_000);
    await sub.stop();
    await deadSub.stop();
    expect(seen.sort()).toEqual(['>3', '>ada']);
    expect(dead).toEqual([oldVersion.id, badPayload.id]);
  });

  it('skips an event older than it is fresh for, and takes the fresh one after it', async () => {
    const { counted, durable } = publishers();
    const seen: number[] = [];
    const sub = await startStatelessConsumer({
      bus,
      log: testLogger(),
      durable,
      context: {},
      freshForMs: 60_000,
      reactions: [defineReaction([counted], async (_ctx: object, { data }) => void seen.push(data.count))],
    });
    const longAgo = new Date(Date.now() - 120_000).toISOString();
    await bus.publish(buildEnvelope({ type: counted.type, version: 2, occurredAt: longAgo, data: { count: 1 } }));
    await bus.publish(buildEnvelope({ type: counted.type, version: 2, data: { count: 2 } }));
    await eventually(async () => seen.length > 0, 20_000);
    await sub.stop();
    expect(seen).toEqual([2]);
  });

  it('hands a batch reaction the waiting events together, in order, and after a failed batch pushes none twice', async () => {
    const { counted, durable } = publishers();
    // Another event of the same stream, so it is pulled in the same batches.
    const other = { type: counted.type.replace('counted', 'named'), version: 1, schema: z.object({ name: z.string() }) };
    const calls: number[][] = [];
    const names: string[] = [];
    let failOnce = true;
    const { stream, subjects } = serviceStream(counted.type.split('.')[0] ?? counted.type);
    await bus.ensureStream(stream, subjects);
    // Published before the consumer starts, so they wait and are pulled together.
    for (let count = 1; count <= 10; count++) await bus.publish(buildEnvelope({ type: counted.type, version: 2, data: { count } }));
    await bus.publish(buildEnvelope({ type: other.type, data: { name: 'bo' } }));
    const sub = await startStatelessConsumer({
      bus,
      log: testLogger(),
      durable,
      context: {},
      reactions: [
        defineBatchReaction([counted], async (_ctx: object, events) => void calls.push(events.map((e) => e.data.count))),
        defineReaction([other], async (_ctx: object, { data }) => {
          if (failOnce) {
            failOnce = false;
            throw new Error('once');
          }
          names.push(data.name);
        }),
      ],
    });
    await eventually(async () => names.length === 1, 20_000);
    await sub.stop();
    expect(calls.some((events) => events.length > 1)).toBe(true);
    // The batch with the failing event was handed over again one by one: the counts it had pushed were not pushed twice.
    expect(calls.flat()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

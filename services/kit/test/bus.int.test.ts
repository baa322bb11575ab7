import type { EventEnvelope } from '@commonwork/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusMessage, type EventBus, subjectMatches } from '../src/index.ts';
import { eventually } from '../src/testing/index.ts';
import { busAdapters } from './adapters.ts';
import { buildEnvelope } from './factories.ts';

describe('subjectMatches', () => {
  it('follows NATS wildcards', () => {
    expect(subjectMatches('identity.>', 'identity.user.registered')).toBe(true);
    expect(subjectMatches('identity.*.registered', 'identity.user.registered')).toBe(true);
    expect(subjectMatches('identity.*', 'identity.user.registered')).toBe(false);
    expect(subjectMatches('identity.>', 'identity')).toBe(false);
    expect(subjectMatches('marketplace.>', 'identity.user.registered')).toBe(false);
  });
});

describe.each(busAdapters)('event bus on $name', ({ open }) => {
  let bus: EventBus;
  let close: () => Promise<void>;
  let n = 0;
  const fresh = async () => {
    n++;
    const stream = `TESTING${n}`;
    const subject = `testing${n}.thing.happened`;
    await bus.ensureStream(stream, [`testing${n}.>`]);
    return { stream, subject, durable: `kit-test-${n}` };
  };

  beforeAll(async () => {
    ({ bus, close } = await open());
  });
  afterAll(() => close());

  it('delivers published events in order to a durable consumer', async () => {
    const { stream, subject, durable } = await fresh();
    const envelopes = Array.from({ length: 5 }, (_, i) => buildEnvelope({ type: subject, data: { i } }));
    for (const e of envelopes) await bus.publish(e);
    const seen: EventEnvelope[] = [];
    const sub = await bus.consume({ stream, durable, filterSubject: `${subject}`, handle: async (m) => void seen.push(m.envelope) });
    await eventually(async () => seen.length === 5);
    await sub.stop();
    expect(seen.map((e) => e.id)).toEqual(envelopes.map((e) => e.id));
  });

  it('drops a republished event with the same id', async () => {
    const { stream, subject, durable } = await fresh();
    const once = buildEnvelope({ type: subject });
    await bus.publish(once);
    await bus.publish(once);
    const marker = buildEnvelope({ type: subject });
    await bus.publish(marker);
    const seen: string[] = [];
    const sub = await bus.consume({ stream, durable, filterSubject: subject, handle: async (m) => void seen.push(m.envelope.id) });
    await eventually(async () => seen.includes(marker.id));
    await sub.stop();
    expect(seen).toEqual([once.id, marker.id]);
  });

  it('redelivers after a failure, and a durable consumer resumes where it stopped', async () => {
    const { stream, subject, durable } = await fresh();
    const first = buildEnvelope({ type: subject });
    await bus.publish(first);
    const deliveries: BusMessage[] = [];
    const sub = await bus.consume({
      stream,
      durable,
      filterSubject: subject,
      handle: async (m) => {
        deliveries.push(m);
        if (m.deliveryCount === 1) throw new Error('transient');
      },
    });
    await eventually(async () => deliveries.length === 2);
    await sub.stop();
    expect(deliveries.map((d) => d.deliveryCount)).toEqual([1, 2]);

    const second = buildEnvelope({ type: subject });
    await bus.publish(second);
    const later: string[] = [];
    const resumed = await bus.consume({ stream, durable, filterSubject: subject, handle: async (m) => void later.push(m.envelope.id) });
    await eventually(async () => later.length === 1);
    await resumed.stop();
    expect(later).toEqual([second.id]);
  });

  it('dead-letters a poison event after maxDeliver and goes on with the next one', async () => {
    const { stream, subject, durable } = await fresh();
    const poison = buildEnvelope({ type: subject });
    const good = buildEnvelope({ type: subject });
    await bus.publish(poison);
    await bus.publish(good);
    const attempts: number[] = [];
    const handled: string[] = [];
    const sub = await bus.consume({
      stream,
      durable,
      filterSubject: subject,
      maxDeliver: 3,
      handle: async (m) => {
        if (m.envelope.id === poison.id) {
          attempts.push(m.deliveryCount);
          throw new Error('poison');
        }
        handled.push(m.envelope.id);
      },
    });
    const dead: string[] = [];
    const deadSub = await bus.consume({
      stream: 'DEADLETTER',
      durable: `${durable}-dlq`,
      filterSubject: `deadletter.${durable}`,
      handle: async (m) => void dead.push(m.envelope.id),
    });
    await eventually(async () => handled.length === 1 && dead.length === 1, 20_000);
    await sub.stop();
    await deadSub.stop();
    expect(attempts).toEqual([1, 2, 3]);
    expect(dead).toEqual([poison.id]);
    expect(handled).toEqual([good.id]);
  });

  it('shares one durable consumer between replicas: each event is handled once', async () => {
    const { stream, subject, durable } = await fresh();
    const seen: string[] = [];
    const handle = async (m: BusMessage) => void seen.push(m.envelope.id);
    const a = await bus.consume({ stream, durable, filterSubject: subject, handle });
    const b = await bus.consume({ stream, durable, filterSubject: subject, handle });
    const envelopes = Array.from({ length: 20 }, () => buildEnvelope({ type: subject }));
    for (const e of envelopes) await bus.publish(e);
    await eventually(async () => seen.length >= 20);
    await new Promise((r) => setTimeout(r, 300));
    await a.stop();
    await b.stop();
    expect([...seen].sort()).toEqual(envelopes.map((e) => e.id).sort());
  });

  /** Two replicas of one durable, each noting what it handles: `a` takes events while `aReady` says so, `b` always. */
  const twoReplicas = async (aReady: () => boolean) => {
    const { stream, subject, durable } = await fresh();
    const by = { a: [] as string[], b: [] as string[] };
    const a = await bus.consume({
      stream,
      durable,
      filterSubject: subject,
      ready: aReady,
      handle: async (m) => void by.a.push(m.envelope.id),
    });
    const b = await bus.consume({ stream, durable, filterSubject: subject, handle: async (m) => void by.b.push(m.envelope.id) });
    return { by, a, b, subject };
  };

  it('gives a replica that is not ready nothing: the one that is takes every event, and it shares again once ready', async () => {
    let aReady = false;
    const { by, a, b, subject } = await twoReplicas(() => aReady);
    const first = Array.from({ length: 20 }, () => buildEnvelope({ type: subject }));
    for (const e of first) await bus.publish(e);
    await eventually(async () => by.b.length >= 20);
    expect(by.a).toEqual([]);
    expect(by.b).toEqual(first.map((e) => e.id));

    aReady = true;
    const second = Array.from({ length: 40 }, () => buildEnvelope({ type: subject }));
    for (const e of second) {
      await bus.publish(e);
      await new Promise((r) => setTimeout(r, 10));
    }
    await eventually(async () => by.a.length + by.b.length >= 60);
    await new Promise((r) => setTimeout(r, 300));
    await a.stop();
    await b.stop();
    expect(by.a.length).toBeGreaterThan(0);
    expect([...by.a, ...by.b].sort()).toEqual([...first, ...second].map((e) => e.id).sort());
  });

  it('gives a replica that stops being ready nothing more: what reaches it is handed back, and the other takes every event', async () => {
    let aReady = true;
    const { by, a, b, subject } = await twoReplicas(() => aReady);
    // Both pulling and idle: no clock asks a whether it is still ready, the next message does.
    await new Promise((r) => setTimeout(r, 300));
    aReady = false;
    const later = Array.from({ length: 30 }, () => buildEnvelope({ type: subject }));
    for (const e of later) {
      await bus.publish(e);
      await new Promise((r) => setTimeout(r, 5));
    }
    await eventually(async () => by.b.length >= 30);
    await new Promise((r) => setTimeout(r, 300));
    await a.stop();
    await b.stop();
    expect(by.a).toEqual([]);
    expect([...by.b].sort()).toEqual(later.map((e) => e.id).sort());
  });
});

import { randomBytes } from 'node:crypto';
import { eventually, missing, testLogger } from '@commonwork/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangeBatches, type ChangeFrame, type ChangeStore, MemoryChangeStore, RedisChangeStore } from '../src/broadcasts/changeBatches.ts';
import { redisUrl } from './support.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The revisions each frame holds, read from its payloads (each payload here is its revision). */
const revisionsOf = (frame: ChangeFrame) => frame.payloads.map((p) => JSON.parse(p) as number);

/** Frames follow on from each other (each starts after the one before ended) and hold every change once, in order. */
function expectConsecutive(frames: readonly ChangeFrame[], last: number) {
  let revision = 0;
  for (const frame of frames) {
    expect(frame.after).toBe(revision);
    expect(revisionsOf(frame)).toEqual(Array.from({ length: frame.revision - frame.after }, (_, i) => frame.after + 1 + i));
    revision = frame.revision;
  }
  expect(revision).toBe(last);
}

describe('a channel’s changes in a few frames (one replica, memory)', () => {
  it('sends the first change at once and the burst after it in one frame when the window ends', async () => {
    const frames: ChangeFrame[] = [];
    const batches = new ChangeBatches({ store: new MemoryChangeStore(), emit: (f) => frames.push(f), log: testLogger(), windowMs: 100 });
    batches.add('c1', 1, 1);
    await pause(10);
    for (let n = 2; n <= 20; n++) batches.add('c1', n, n);
    await eventually(async () => frames.at(-1)?.revision === 20);
    expect(frames.length).toBe(2);
    expectConsecutive(frames, 20);
    expect(frames[0]?.payloads).toEqual(['1']);
    // A redelivered change is not sent again; the next one goes at once (the window was let go).
    await pause(250);
    batches.add('c1', 7, 7);
    batches.add('c1', 21, 21);
    await eventually(async () => frames.at(-1)?.revision === 21);
    await pause(250);
    expect(frames.length).toBe(3);
    expectConsecutive(frames, 21);
    await batches.close();
  });
});

// Two replicas share the channel's changes (the shared consumer hands them out in turns, and one can
// run ahead of the other): the frames, whoever emits them, still hold every revision once, in order.
describe.skipIf(missing('redis'))('a channel’s changes in a few frames across two replicas (Redis)', () => {
  const prefix = `cwtest-changes-${randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  const replicas: ChangeBatches[] = [];
  const frames: ChangeFrame[] = [];

  const start = (holeMs = 1_500) => {
    for (const holder of ['a', 'b']) {
      const pub = new Redis(redisUrl ?? '');
      const sub = pub.duplicate();
      clients.push(pub, sub);
      const store: ChangeStore = new RedisChangeStore({ pub, sub, prefix, holder: `${holder}-${randomBytes(3).toString('hex')}`, holeMs });
      replicas.push(new ChangeBatches({ store, emit: (f) => frames.push(f), log: testLogger(), windowMs: 100 }));
    }
    return replicas.slice(-2) as [ChangeBatches, ChangeBatches];
  };

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    const redis = clients[0];
    if (redis) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('gathers 60 changes handed out in turns, out of order between the replicas, into a few consecutive frames', async () => {
    const [a, b] = start();
    // Over about 600 ms; each pair swapped, so a replica often stages a change before its predecessor.
    const started = Date.now();
    for (let n = 1; n <= 60; n += 2) {
      b.add('c2', n + 1, n + 1);
      a.add('c2', n, n);
      await pause(20);
    }
    await eventually(async () => frames.filter((f) => f.conversation === 'c2').at(-1)?.revision === 60);
    const windows = Math.ceil((Date.now() - started) / 100);
    await pause(300);
    const c2 = frames.filter((f) => f.conversation === 'c2');
    expectConsecutive(c2, 60);
    // One frame per 100 ms window, and the first at once: not one frame per change.
    expect(c2.length).toBeLessThanOrEqual(windows + 1);
    expect(c2.length).toBeLessThan(30);
  });

  it('sends a redelivered change never again, and skips a change that never comes after the hole’s bound', async () => {
    const [a, b] = start(300);
    a.add('c3', 1, 1);
    b.add('c3', 1, 1);
    await eventually(async () => frames.some((f) => f.conversation === 'c3'));
    b.add('c3', 3, 3);
    await eventually(async () => frames.filter((f) => f.conversation === 'c3').at(-1)?.revision === 3);
    a.add('c3', 2, 2);
    a.add('c3', 1, 1);
    await pause(300);
    const c3 = frames.filter((f) => f.conversation === 'c3');
    expect(c3.map((f) => [f.after, f.revision])).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
});

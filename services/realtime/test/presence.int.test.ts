import { randomBytes, randomUUID } from 'node:crypto';
import { missing } from '@commonwork/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryPresence, type PresenceStore, RedisPresence } from '../src/presence.ts';
import { redisUrl } from './support.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counting rules every store keeps: first connection is "online", last disconnect is "offline". */
async function countsConnections(a: PresenceStore, b: PresenceStore) {
  const user = randomUUID();
  expect(await a.connect(user)).toBe(true);
  expect(await b.connect(user)).toBe(false);
  expect(await a.online([user, randomUUID()])).toEqual(new Set([user]));
  expect(await a.disconnect(user)).toBe(false);
  expect(await b.disconnect(user)).toBe(true);
  expect(await b.online([user])).toEqual(new Set());
  await a.addChannels(user, ['c1', 'c2']);
  await b.addChannels(user, ['c2', 'c3']);
  expect((await a.takeChannels(user)).sort()).toEqual(['c1', 'c2', 'c3']);
  expect(await b.takeChannels(user)).toEqual([]);
}

describe('presence in memory (one replica)', () => {
  it('counts connections', async () => {
    const store = new MemoryPresence();
    await countsConnections(store, store);
  });
});

describe.skipIf(missing('redis'))('presence in Redis (replicas)', () => {
  const prefix = `cwtest-presence-${randomBytes(4).toString('hex')}`;
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts connections across replicas', async () => {
    await countsConnections(new RedisPresence(redis, prefix, 10_000), new RedisPresence(redis, prefix, 10_000));
  });

  it('sends a crashed replica’s people offline once, and counts a replica back that was swept while alive', async () => {
    const crashed = new RedisPresence(redis, prefix, 200);
    const survivor = new RedisPresence(redis, prefix, 10_000);
    const other = new RedisPresence(redis, prefix, 10_000);
    const [onlyThere, alsoElsewhere] = [randomUUID(), randomUUID()];
    await crashed.heartbeat();
    await survivor.heartbeat();
    await crashed.connect(onlyThere);
    await crashed.connect(alsoElsewhere);
    await survivor.connect(alsoElsewhere);

    expect(await survivor.sweep()).toEqual([]);
    await pause(300); // the crashed replica's heartbeat expires
    expect(await survivor.sweep()).toEqual([onlyThere]);
    expect(await other.sweep()).toEqual([]);
    expect(await survivor.online([onlyThere, alsoElsewhere])).toEqual(new Set([alsoElsewhere]));

    // It was only paused: its next heartbeat puts its connections back.
    expect(await crashed.heartbeat()).toEqual([onlyThere]);
    expect(await survivor.online([onlyThere, alsoElsewhere])).toEqual(new Set([onlyThere, alsoElsewhere]));
    expect(await crashed.disconnect(alsoElsewhere)).toBe(false);
    expect(await survivor.disconnect(alsoElsewhere)).toBe(true);
  });

  it('leaves on shutdown: only people with no other connection go offline', async () => {
    const leaving = new RedisPresence(redis, prefix, 10_000);
    const staying = new RedisPresence(redis, prefix, 10_000);
    const [a, b] = [randomUUID(), randomUUID()];
    await leaving.heartbeat();
    await leaving.connect(a);
    await leaving.connect(b);
    await staying.connect(b);
    expect(await leaving.evacuate()).toEqual([a]);
    expect(await staying.online([a, b])).toEqual(new Set([b]));
  });
});

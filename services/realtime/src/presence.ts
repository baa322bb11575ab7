import { randomUUID } from 'node:crypto';
import { SOCKET_EVENTS } from '@commonwork/contracts';
import type { Logger } from '@commonwork/kit';
import type { Redis } from 'ioredis';
import { rooms } from './rooms.ts';
import type { RealtimeServer } from './types.ts';

/**
 * Who is online, as connection counts per person that every replica sees. A person comes online
 * with their first connection anywhere and goes offline with their last.
 */
export interface PresenceStore {
  /** Counts a connection; true when it is the person's first anywhere. */
  connect(userId: string): Promise<boolean>;
  /** Uncounts a connection; true when it was the person's last anywhere. */
  disconnect(userId: string): Promise<boolean>;
  online(userIds: readonly string[]): Promise<Set<string>>;
  /** Remembers channels where the person's status is shown, to tell them when the person goes offline. */
  addChannels(userId: string, channelIds: readonly string[]): Promise<void>;
  channels(userId: string): Promise<string[]>;
  /** The remembered channels, forgotten at the same time (the person went offline). */
  takeChannels(userId: string): Promise<string[]>;
  /** Keeps this replica registered; returns people counted online again after others had wrongly swept it. */
  heartbeat(): Promise<string[]>;
  /** Removes the counts of replicas that stopped answering (crashed); returns who went offline. */
  sweep(): Promise<string[]>;
  /** Removes this replica's counts (shutdown); returns who went offline. */
  evacuate(): Promise<string[]>;
}

/** One replica, nothing to share: embedded mode. */
export class MemoryPresence implements PresenceStore {
  private readonly counts = new Map<string, number>();
  private readonly shownIn = new Map<string, Set<string>>();

  async connect(userId: string) {
    const count = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, count);
    return count === 1;
  }
  async disconnect(userId: string) {
    const count = (this.counts.get(userId) ?? 0) - 1;
    if (count > 0) this.counts.set(userId, count);
    else this.counts.delete(userId);
    return count === 0;
  }
  async online(userIds: readonly string[]) {
    return new Set(userIds.filter((id) => this.counts.has(id)));
  }
  async addChannels(userId: string, channelIds: readonly string[]) {
    const set = this.shownIn.get(userId) ?? new Set();
    for (const id of channelIds) set.add(id);
    this.shownIn.set(userId, set);
  }
  async channels(userId: string) {
    return [...(this.shownIn.get(userId) ?? [])];
  }
  async takeChannels(userId: string) {
    const set = this.shownIn.get(userId);
    this.shownIn.delete(userId);
    return [...(set ?? [])];
  }
  async heartbeat() {
    return [];
  }
  async sweep() {
    return [];
  }
  async evacuate() {
    const everyone = [...this.counts.keys()];
    this.counts.clear();
    return everyone;
  }
}

const DISCONNECT = `
local c = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if c <= 0 then return -1 end
if c == 1 then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end
local t = redis.call('HINCRBY', KEYS[2], ARGV[1], -1)
if t <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) return 0 end
return t`;

// Only the caller whose SREM removes the replica evacuates it: two sweepers never subtract twice.
const EVACUATE = `
if redis.call('SREM', KEYS[3], ARGV[1]) == 0 then return {} end
redis.call('DEL', KEYS[4])
local entries = redis.call('HGETALL', KEYS[1])
local offline = {}
for i = 1, #entries, 2 do
  local t = redis.call('HINCRBY', KEYS[2], entries[i], -tonumber(entries[i + 1]))
  if t <= 0 then redis.call('HDEL', KEYS[2], entries[i]) table.insert(offline, entries[i]) end
end
redis.call('DEL', KEYS[1])
return offline`;

// Re-registers a replica that others swept while it was alive (a long pause): its counts come back.
const RESTORE = `
local back = {}
for i = 1, #ARGV, 2 do
  local prev = tonumber(redis.call('HGET', KEYS[1], ARGV[i]) or '0')
  local n = tonumber(ARGV[i + 1])
  redis.call('HSET', KEYS[1], ARGV[i], n)
  local t = redis.call('HINCRBY', KEYS[2], ARGV[i], n - prev)
  if t == n - prev and n > prev then table.insert(back, ARGV[i]) end
end
return back`;

/**
 * Presence across replicas in Redis: a hash of counts per replica, a hash of totals, and a set of
 * live replicas with a heartbeat key each. When a replica dies without cleaning up, its heartbeat
 * expires and the next sweep by any other replica subtracts its counts, so its people go offline.
 */
export class RedisPresence implements PresenceStore {
  private readonly replicaId = randomUUID();
  private readonly local = new Map<string, number>();
  private readonly keys;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly ttlMs: number,
  ) {
    const base = `${prefix}:presence`;
    this.keys = {
      base,
      online: `${base}:online`,
      replicas: `${base}:replicas`,
      conns: (replica: string) => `${base}:conns:${replica}`,
      alive: (replica: string) => `${base}:alive:${replica}`,
      channels: (userId: string) => `${base}:channels:${userId}`,
    };
  }

  async connect(userId: string) {
    this.local.set(userId, (this.local.get(userId) ?? 0) + 1);
    const [[, total]] = (await this.redis
      .multi()
      .hincrby(this.keys.online, userId, 1)
      .hincrby(this.keys.conns(this.replicaId), userId, 1)
      .exec()) as [[null, number], [null, number]];
    return total === 1;
  }

  async disconnect(userId: string) {
    const count = (this.local.get(userId) ?? 0) - 1;
    if (count > 0) this.local.set(userId, count);
    else this.local.delete(userId);
    const total = await this.redis.eval(DISCONNECT, 2, this.keys.conns(this.replicaId), this.keys.online, userId);
    return total === 0;
  }

  async online(userIds: readonly string[]) {
    if (userIds.length === 0) return new Set<string>();
    const counts = await this.redis.hmget(this.keys.online, ...userIds);
    return new Set(userIds.filter((_, i) => Number(counts[i] ?? 0) > 0));
  }

  async addChannels(userId: string, channelIds: readonly string[]) {
    if (channelIds.length === 0) return;
    const key = this.keys.channels(userId);
    await this.redis
      .multi()
      .sadd(key, ...channelIds)
      .pexpire(key, 86_400_000)
      .exec();
  }

  channels(userId: string) {
    return this.redis.smembers(this.keys.channels(userId));
  }

  async takeChannels(userId: string) {
    const key = this.keys.channels(userId);
    const [[, ids]] = (await this.redis.multi().smembers(key).del(key).exec()) as [[null, string[]], [null, number]];
    return ids;
  }

  async heartbeat() {
    const [, [, added]] = (await this.redis
      .multi()
      .set(this.keys.alive(this.replicaId), '1', 'PX', this.ttlMs)
      .sadd(this.keys.replicas, this.replicaId)
      .exec()) as [[null, string], [null, number]];
    if (added === 0 || this.local.size === 0) return [];
    const pairs = [...this.local].flatMap(([userId, count]) => [userId, String(count)]);
    return (await this.redis.eval(RESTORE, 2, this.keys.conns(this.replicaId), this.keys.online, ...pairs)) as string[];
  }

  async sweep() {
    const offline: string[] = [];
    for (const replica of await this.redis.smembers(this.keys.replicas)) {
      if (replica === this.replicaId || (await this.redis.exists(this.keys.alive(replica)))) continue;
      offline.push(...(await this.evacuateReplica(replica)));
    }
    return offline;
  }

  async evacuate() {
    this.local.clear();
    return this.evacuateReplica(this.replicaId);
  }

  private async evacuateReplica(replica: string) {
    const k = this.keys;
    return (await this.redis.eval(EVACUATE, 4, k.conns(replica), k.online, k.replicas, k.alive(replica), replica)) as string[];
  }
}

/** How often a replica says it is alive, and how long others wait before sweeping a silent one. */
const HEARTBEAT_MS = 5_000;
export const PRESENCE_TTL_MS = 15_000;

/**
 * Presence as people see it: `user-status-updated {userId, status}` to the rooms of the channels
 * where the person's status is shown, when they come online (first connection) or go offline
 * (last disconnect, or their replica died).
 */
export class Presence {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly store: PresenceStore,
    private readonly io: RealtimeServer,
    private readonly log: Logger,
  ) {}

  start() {
    const tick = async () => {
      try {
        for (const userId of await this.store.heartbeat()) await this.announce(userId, 'online');
        for (const userId of await this.store.sweep()) await this.wentOffline(userId);
      } catch (error) {
        this.log.warn({ err: error }, 'presence heartbeat failed');
      }
    };
    void tick();
    this.timer = setInterval(tick, HEARTBEAT_MS);
  }

  /** Counts the connection; when it is the person's first, `channelsOf` says where to announce them. */
  async connected(userId: string, channelsOf: () => Promise<string[]>) {
    if (this.stopped || !(await this.store.connect(userId))) return;
    await this.store.addChannels(userId, await channelsOf());
    await this.announce(userId, 'online');
  }

  async disconnected(userId: string) {
    if (this.stopped) return;
    if (await this.store.disconnect(userId)) await this.wentOffline(userId);
  }

  /** The person's status now shows in these channels too. */
  shownIn(userId: string, channelIds: readonly string[]) {
    return this.store.addChannels(userId, channelIds);
  }

  online(userIds: readonly string[]) {
    return this.store.online(userIds);
  }

  /** Shutdown: this replica's people who have no other connection go offline, then nothing more is counted. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.stopped = true;
    for (const userId of await this.store.evacuate()) await this.wentOffline(userId);
  }

  private async wentOffline(userId: string) {
    const channelIds = await this.store.takeChannels(userId);
    this.emit(userId, 'offline', channelIds);
  }

  private async announce(userId: string, status: 'online') {
    this.emit(userId, status, await this.store.channels(userId));
  }

  private emit(userId: string, status: 'online' | 'offline', channelIds: readonly string[]) {
    if (channelIds.length === 0) return;
    this.io.to(channelIds.map(rooms.channel)).emit(SOCKET_EVENTS.userStatusUpdated, { userId, status });
    this.log.debug({ userId, status, channels: channelIds.length }, 'presence changed');
  }
}

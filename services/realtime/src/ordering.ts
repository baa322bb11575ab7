import type { Redis } from 'ioredis';

/**
 * Emits a conversation's messages once each and in sequence order, whichever replica handles them.
 *
 * Why: replicas share one durable consumer, and JetStream hands its messages out in turns, so
 * replica A may handle message 4 while replica B is still on 3. Without a gate, a reader could see
 * 4 before 3, or a redelivered message twice.
 */
export interface OrderedEmitter {
  /**
   * Runs `emit` for message `sequence` of `conversation` after the message before it was emitted
   * (waiting up to a bound for a late predecessor). Resolves false, without emitting, for a message
   * already emitted: a redelivery.
   */
  inOrder(conversation: string, sequence: number, emit: () => void): Promise<boolean>;
}

/** One replica (embedded mode): events arrive in order; only redeliveries need dropping. */
export class MemoryOrderedEmitter implements OrderedEmitter {
  private readonly last = new Map<string, number>();

  async inOrder(conversation: string, sequence: number, emit: () => void) {
    if (sequence <= (this.last.get(conversation) ?? 0)) return false;
    this.last.delete(conversation); // re-inserted last: the Map's order is least recently used first
    this.last.set(conversation, sequence);
    if (this.last.size > 50_000) for (const key of [...this.last.keys()].slice(0, 10_000)) this.last.delete(key);
    emit();
    return true;
  }
}

// Per conversation: c = highest sequence claimed by a replica, p = highest sequence published.
// 0: already claimed (a redelivery). 1: claimed, emit now. 2: the predecessor is not out yet, wait.
// With no record yet, only sequence 1 goes at once: a later one waits for its predecessor like any other.
const CLAIM = `
local c = redis.call('HGET', KEYS[1], 'c')
local n = tonumber(ARGV[1])
local force = ARGV[2] == '1'
if not c then
  if n ~= 1 and not force then return 2 end
  redis.call('HSET', KEYS[1], 'p', n - 1, 'c', n)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
c = tonumber(c)
if n <= c then return 0 end
local p = tonumber(redis.call('HGET', KEYS[1], 'p'))
if force or (c == p and n == p + 1) then
  redis.call('HSET', KEYS[1], 'c', n)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
return 2`;

const PUBLISHED = `
if tonumber(redis.call('HGET', KEYS[1], 'p') or '-1') < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'p', ARGV[1]) end
return 1`;

/**
 * How long a conversation's record outlives its last message. After that, its next message waits
 * `maxWaitMs` once, as it cannot tell a lost predecessor from a record that expired.
 */
const RECORD_TTL_MS = 30 * 86_400_000;

export interface RedisOrderedEmitterOptions {
  /** The adapter's publishing client: the claim's bookkeeping must travel on the same connection as the broadcast. */
  pub: Redis;
  /** The adapter's subscriber client. */
  sub: Redis;
  prefix: string;
  /** How long to wait for a predecessor that may never come (lost, dead-lettered); default 1.5 s. */
  maxWaitMs?: number;
}

/**
 * The gate across replicas, in Redis. A replica claims sequence n only once n-1 is published. It
 * then PINGs its own subscriber connection: the answer comes after every broadcast Redis had
 * already sent it, so n-1 has reached this replica's local sockets before n does. The broadcast
 * and the "published" mark go out on the adapter's publishing connection, in that order, so a
 * replica that sees the mark sees the broadcast first.
 *
 * A predecessor that never comes holds the conversation for at most `maxWaitMs`, then is skipped;
 * if it does come later it is not emitted (clients fill any hole with messaging's `after` cursor).
 */
export class RedisOrderedEmitter implements OrderedEmitter {
  constructor(private readonly options: RedisOrderedEmitterOptions) {}

  async inOrder(conversation: string, sequence: number, emit: () => void) {
    const { pub, sub, prefix, maxWaitMs = 1_500 } = this.options;
    const key = `${prefix}:order:${conversation}`;
    const deadline = Date.now() + maxWaitMs;
    for (let pause = 2; ; pause = Math.min(pause * 2, 25)) {
      const force = Date.now() >= deadline ? '1' : '0';
      const answer = await pub.eval(CLAIM, 1, key, sequence, force, RECORD_TTL_MS);
      if (answer === 0) return false;
      if (answer === 1) break;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    await sub.ping();
    emit();
    await pub.eval(PUBLISHED, 1, key, sequence);
    return true;
  }
}

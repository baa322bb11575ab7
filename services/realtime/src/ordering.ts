import { metric } from '@commonwork/kit';
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
    if (sequence <= (this.last.get(conversation) ?? 0)) {
      metric.gateSkips.add(1);
      return false;
    }
    this.last.delete(conversation); // re-inserted last: the Map's order is least recently used first
    this.last.set(conversation, sequence);
    if (this.last.size > 50_000) for (const key of [...this.last.keys()].slice(0, 10_000)) this.last.delete(key);
    emit();
    return true;
  }
}

// Per conversation: c = highest sequence claimed by a replica, p = highest sequence published,
// t = when c was claimed (Redis's clock, so replicas' clocks need not agree).
// 0: already claimed (a redelivery, or a late one skipped). 1: claimed, emit now. 2: wait.
// With no record yet, only sequence 1 goes at once: a later one waits for its predecessor like any other.
// `force` (the waiter's bound has passed) skips a predecessor no replica has claimed, but not one
// claimed and still being emitted (c > p), unless that claim is older than ARGV[4] ms: its replica died.
const CLAIM = `
local c = redis.call('HGET', KEYS[1], 'c')
local n = tonumber(ARGV[1])
local force = ARGV[2] == '1'
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if not c then
  if n ~= 1 and not force then return 2 end
  redis.call('HSET', KEYS[1], 'p', n - 1, 'c', n, 't', now)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
c = tonumber(c)
if n <= c then return 0 end
local p = tonumber(redis.call('HGET', KEYS[1], 'p'))
local emitting = c > p and now - tonumber(redis.call('HGET', KEYS[1], 't') or '0') < tonumber(ARGV[4])
if (c == p and n == p + 1) or (force and not emitting) then
  redis.call('HSET', KEYS[1], 'c', n, 't', now)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
return 2`;

// Marks n published, then wakes the replica waiting to claim n+1: the wake-up names the
// predecessor it is for ("<key> <n>"), the exact string that replica waits under.
const PUBLISHED = `
if tonumber(redis.call('HGET', KEYS[1], 'p') or '-1') < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'p', ARGV[1]) end
redis.call('PUBLISH', ARGV[2], KEYS[1] .. ' ' .. ARGV[1])
return 1`;

/**
 * How long a conversation's record outlives its last message. After that, its next message waits
 * `maxWaitMs` once, as it cannot tell a lost predecessor from a record that expired.
 */
const RECORD_TTL_MS = 30 * 86_400_000;

/**
 * A claimed message is emitted within a few round trips; a claim this old is taken for one whose
 * replica died between claiming and publishing, and its successor goes on without it.
 */
const CLAIM_STALE_MS = 10_000;

export interface RedisOrderedEmitterOptions {
  /** The adapter's publishing client: the claim's bookkeeping must travel on the same connection as the broadcast. */
  pub: Redis;
  /** The adapter's subscriber client; only PINGed here, never subscribed (its subscriptions are the adapter's). */
  sub: Redis;
  /**
   * A connection of this emitter's own for the wake-ups (a subscribed connection can send nothing
   * else); subscribed on the first wait. Its owner closes it.
   */
  wakeups: Redis;
  prefix: string;
  /** How long to wait for a predecessor that may never come (lost, dead-lettered); default 1.5 s. */
  maxWaitMs?: number;
  /** How often a waiting replica re-checks without a wake-up (one lost while reconnecting); default 25 ms. */
  recheckMs?: number;
}

/**
 * The gate across replicas, in Redis. A replica claims sequence n only once n-1 is published. It
 * then PINGs its own subscriber connection: the answer comes after every broadcast Redis had
 * already sent it, so n-1 has reached this replica's local sockets before n does. The broadcast
 * and the "published" mark go out on the adapter's publishing connection, in that order, so a
 * replica that sees the mark sees the broadcast first.
 *
 * A replica waiting for n-1 is woken by a pub/sub message sent with the mark, and claims again at
 * once: the hand-over between replicas costs a round trip, not a polling interval (polling put
 * 4–8 ms on its p99). It listens before it claims again, so a mark set after that claim still
 * wakes it; and it re-checks every `recheckMs` regardless, as pub/sub drops messages while a
 * connection is down.
 *
 * A predecessor that never comes holds the conversation for at most `maxWaitMs`, then is skipped;
 * if it does come later it is not emitted (clients fill any hole with messaging's `after` cursor).
 * A predecessor another replica has claimed is not skipped at that bound: it is being emitted (on
 * a busy replica that can take longer than the bound), and skipping it would put its successor
 * first on every socket.
 */
export class RedisOrderedEmitter implements OrderedEmitter {
  /** Waiting replicas' alarms, by the wake-up they wait for: "<key> <predecessor>". */
  private readonly waiting = new Map<string, Set<Alarm>>();
  private readonly channel: string;
  private listening: Promise<unknown> | undefined;

  constructor(private readonly options: RedisOrderedEmitterOptions) {
    this.channel = `${options.prefix}:order-published`;
    options.wakeups.on('message', (_channel: string, predecessor: string) => {
      for (const alarm of this.waiting.get(predecessor) ?? []) alarm.ring();
    });
  }

  async inOrder(conversation: string, sequence: number, emit: () => void) {
    const { pub, sub, prefix, maxWaitMs = 1_500 } = this.options;
    const key = `${prefix}:order:${conversation}`;
    const deadline = Date.now() + maxWaitMs;
    const claim = (): Promise<unknown> =>
      pub.eval(CLAIM, 1, key, sequence, Date.now() >= deadline ? '1' : '0', RECORD_TTL_MS, CLAIM_STALE_MS);
    let answer = await claim();
    if (answer === 2) {
      metric.gateWaits.add(1);
      answer = await this.waitToClaim(`${key} ${sequence - 1}`, claim, deadline);
    }
    if (answer === 0) {
      metric.gateSkips.add(1);
      return false;
    }
    await sub.ping();
    emit();
    await pub.eval(PUBLISHED, 1, key, sequence, this.channel);
    return true;
  }

  /** Claims again at each wake-up for `predecessor`, or each `recheckMs` without one, until the claim is decided. */
  private async waitToClaim(predecessor: string, claim: () => Promise<unknown>, deadline: number) {
    const { recheckMs = 25 } = this.options;
    await this.listen();
    const alarm = new Alarm();
    const alarms = this.waiting.get(predecessor) ?? new Set();
    this.waiting.set(predecessor, alarms.add(alarm));
    try {
      for (;;) {
        const answer = await claim();
        if (answer !== 2) return answer;
        // Past the bound, a predecessor being emitted elsewhere is still waited for: at the re-check's pace.
        const untilBound = deadline - Date.now();
        await alarm.sleep(untilBound > 0 ? Math.min(recheckMs, untilBound) : recheckMs);
      }
    } finally {
      alarms.delete(alarm);
      if (alarms.size === 0) this.waiting.delete(predecessor);
    }
  }

  /** Subscribes to the wake-ups once; a failed subscription is tried again at the next wait. */
  private listen() {
    this.listening ??= this.options.wakeups.subscribe(this.channel).catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening;
  }
}

/** Wakes a sleeper early; a ring while no one sleeps is kept, so the next `sleep` returns at once. */
class Alarm {
  private rung = false;
  private wake: (() => void) | undefined;

  ring() {
    this.rung = true;
    this.wake?.();
  }

  async sleep(ms: number) {
    if (!this.rung) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.rung = false;
    this.wake = undefined;
  }
}

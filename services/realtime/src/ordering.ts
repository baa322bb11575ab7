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
  /**
   * Emits these messages of `conversation` (any number, in any order) once each and in sequence
   * order, by the run: `emit` is given consecutive messages together, as few calls as the gate
   * allows. Across replicas a message is handed over rather than waited for: the replica that emits
   * its predecessor emits it too, in the same run (so `emit` may be given other replicas'
   * messages; `T` must survive JSON). Resolves once every message given is emitted or taken by the
   * replica that will emit it; redelivered ones are dropped.
   */
  inOrderRuns<T>(conversation: string, messages: readonly Sequenced<T>[], emit: (run: T[]) => void): Promise<void>;
}

/** A message and its place in its conversation's sequence. */
export interface Sequenced<T> {
  sequence: number;
  message: T;
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

  async inOrderRuns<T>(conversation: string, messages: readonly Sequenced<T>[], emit: (run: T[]) => void) {
    const last = this.last.get(conversation) ?? 0;
    const fresh = [...new Map(messages.filter((m) => m.sequence > last).map((m) => [m.sequence, m])).values()];
    metric.gateSkips.add(messages.length - fresh.length);
    if (fresh.length === 0) return;
    fresh.sort((a, b) => a.sequence - b.sequence);
    this.last.delete(conversation);
    this.last.set(conversation, (fresh.at(-1) as Sequenced<T>).sequence);
    emit(fresh.map((m) => m.message));
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
redis.call('PUBLISH', ARGV[2], KEYS[1] .. ' ' .. ARGV[1] .. ' ' .. (redis.call('HGET', KEYS[1], 'c') or ARGV[1]))
return 1`;

// Runs (inOrderRuns): a replica stages its messages in a hash beside the record (KEYS[2], payload by
// sequence) and claims, in the same call, the consecutive staged messages that follow the last one
// claimed: its own and any other replica's. \`take\` answers {1, to, 0, from, payloads...} (claimed
// from..to) or {2, c, 0} when nothing staged follows c; forced (the caller's bound has passed), it
// starts at the lowest staged sequence above c, skipping the hole. It marks from-1 published: equal
// to c unless a hole is skipped or a dead replica's claim (older than the stale bound) is taken over.
const TAKE = `
local function take(c, force, now)
  local from = c + 1
  if redis.call('HEXISTS', KEYS[2], from) == 0 then
    if not force then return {2, c, 0} end
    for _, k in ipairs(redis.call('HKEYS', KEYS[2])) do
      local n = tonumber(k)
      if n > c and (from == c + 1 or n < from) then from = n end
    end
    if from == c + 1 then return {2, c, 0} end
  end
  local answer = {1, 0, 0, from}
  local fields = {}
  local most = tonumber(ARGV[4])
  while #fields < most do
    local m = redis.call('HGET', KEYS[2], from + #fields)
    if not m then break end
    answer[#answer + 1] = m
    fields[#fields + 1] = from + #fields
  end
  redis.call('HDEL', KEYS[2], unpack(fields))
  answer[2] = from + #fields - 1
  redis.call('HSET', KEYS[1], 'p', from - 1, 'c', answer[2], 't', now)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return answer
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

// Stages the caller's messages above c (ARGV[7..]: sequence, payload pairs; a redelivered one is
// counted, not staged) and claims the run that follows c, unless a live claim is being emitted.
// ARGV: 1 record TTL, 2 stale bound, 3 staged TTL, 4 longest run, 5 force, 6 the caller's highest
// sequence. Answers as \`take\`, or {0, c, redelivered} when the caller's messages are all claimed.
const RUN_CLAIM = `${TAKE}
local c = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
local redelivered = 0
for i = 7, #ARGV, 2 do
  if tonumber(ARGV[i]) > c then redis.call('HSETNX', KEYS[2], ARGV[i], ARGV[i + 1]) else redelivered = redelivered + 1 end
end
if #ARGV > 6 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
if tonumber(ARGV[6]) <= c then return {0, c, redelivered} end
local p = tonumber(redis.call('HGET', KEYS[1], 'p') or '0')
if c > p and now - tonumber(redis.call('HGET', KEYS[1], 't') or '0') < tonumber(ARGV[2]) then return {2, c, redelivered} end
local answer = take(c, ARGV[5] == '1', now)
answer[3] = redelivered
return answer`;

// Marks the run up to ARGV[5] published, claims the staged run that follows it (never past a hole:
// a waiter's bound decides that), and wakes the waiting replicas with "<key> <published> <claimed>".
const RUN_PUBLISHED = `${TAKE}
if tonumber(redis.call('HGET', KEYS[1], 'p') or '-1') < tonumber(ARGV[5]) then redis.call('HSET', KEYS[1], 'p', ARGV[5]) end
local c = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
local p = tonumber(redis.call('HGET', KEYS[1], 'p'))
local answer = {2, c, 0}
if c == p then answer = take(c, false, now) end
redis.call('PUBLISH', ARGV[6], KEYS[1] .. ' ' .. p .. ' ' .. answer[2])
return answer`;

/** A run script's answer: [kind, highest claimed, redelivered, from, ...payloads]; kind 0 all claimed, 1 claimed from..highest, 2 wait. */
type RunAnswer = [0 | 1 | 2, number, number, number?, ...string[]];

/** The longest run one claim takes (the rest follows in the next): bounds a frame's size and the script's time. */
const MOST_PER_RUN = 200;

/** Staged messages nobody claimed (their predecessor lost, its waiter gone) are dropped after this: no live push is worth more. */
const STAGED_TTL_MS = 120_000;

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
  /** Waiting replicas' alarms, by the conversation key they wait on. */
  private readonly waiting = new Map<string, Set<Alarm>>();
  private readonly channel: string;
  private listening: Promise<unknown> | undefined;

  constructor(private readonly options: RedisOrderedEmitterOptions) {
    this.channel = `${options.prefix}:order-published`;
    // "<key> <published> <claimed>": every waiter on the key is rung with how far it is claimed.
    options.wakeups.on('message', (_channel: string, text: string) => {
      const claimedAt = text.lastIndexOf(' ');
      const key = text.slice(0, text.lastIndexOf(' ', claimedAt - 1));
      for (const alarm of this.waiting.get(key) ?? []) alarm.ring(Number(text.slice(claimedAt + 1)));
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
      answer = await this.waitToClaim(key, claim, deadline);
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

  /**
   * Stages the messages and claims the run that follows the last one claimed; a replica that claims
   * a run emits it, marks it published and takes the next staged run in the same call, until none
   * follows. A replica whose messages another replica is emitting, or whose predecessor has not come,
   * waits (woken as `inOrder` is) until every one of its messages is claimed, claiming again at each
   * wake-up that does not say so; past the bound it claims from its lowest message, past the hole.
   */
  async inOrderRuns<T>(conversation: string, messages: readonly Sequenced<T>[], emit: (run: T[]) => void) {
    if (messages.length === 0) return;
    const { pub, prefix, maxWaitMs = 1_500, recheckMs = 25 } = this.options;
    const key = `${prefix}:order:${conversation}`;
    const staged = `${key}:run`;
    const highest = Math.max(...messages.map((m) => m.sequence));
    const deadline = Date.now() + maxWaitMs;
    let pairs: (number | string)[] = messages.flatMap((m) => [m.sequence, JSON.stringify(m.message)]);
    const claim = async () => {
      const force = Date.now() >= deadline ? '1' : '0';
      const answer = (await pub.eval(
        RUN_CLAIM,
        2,
        key,
        staged,
        RECORD_TTL_MS,
        CLAIM_STALE_MS,
        STAGED_TTL_MS,
        MOST_PER_RUN,
        force,
        highest,
        ...pairs,
      )) as RunAnswer;
      pairs = []; // staged once: claiming again only asks
      return answer;
    };
    let answer = await claim();
    if (answer[2] > 0) metric.gateSkips.add(answer[2]);
    if (answer[0] === 2) metric.gateWaits.add(1);
    let alarm: Alarm | undefined;
    try {
      for (;;) {
        if (answer[0] === 1) answer = await this.emitRuns(key, staged, answer, emit);
        if (answer[1] >= highest) return;
        if (!alarm) {
          // Listening before claiming again: a run claimed after that claim still wakes this one.
          alarm = await this.alarmOn(key);
        } else {
          const untilBound = deadline - Date.now();
          if ((await alarm.sleep(untilBound > 0 ? Math.min(recheckMs, untilBound) : recheckMs)) >= highest) return;
        }
        answer = await claim();
      }
    } finally {
      if (alarm) this.quiet(key, alarm);
    }
  }

  /** Emits a claimed run and each run claimed after it, PINGing first: runs before it may be another replica's. */
  private async emitRuns<T>(key: string, staged: string, claimed: RunAnswer, emit: (run: T[]) => void): Promise<RunAnswer> {
    const { pub, sub } = this.options;
    await sub.ping();
    let answer = claimed;
    while (answer[0] === 1) {
      emit((answer.slice(4) as string[]).map((m) => JSON.parse(m) as T));
      // The runs after this one were this replica's to publish: no PING is needed before them.
      answer = (await pub.eval(
        RUN_PUBLISHED,
        2,
        key,
        staged,
        RECORD_TTL_MS,
        CLAIM_STALE_MS,
        STAGED_TTL_MS,
        MOST_PER_RUN,
        answer[1],
        this.channel,
      )) as RunAnswer;
    }
    return answer;
  }

  /** Claims again at each wake-up for `key`, or each `recheckMs` without one, until the claim is decided. */
  private async waitToClaim(key: string, claim: () => Promise<unknown>, deadline: number) {
    const { recheckMs = 25 } = this.options;
    const alarm = await this.alarmOn(key);
    try {
      for (;;) {
        const answer = await claim();
        if (answer !== 2) return answer;
        // Past the bound, a predecessor being emitted elsewhere is still waited for: at the re-check's pace.
        const untilBound = deadline - Date.now();
        await alarm.sleep(untilBound > 0 ? Math.min(recheckMs, untilBound) : recheckMs);
      }
    } finally {
      this.quiet(key, alarm);
    }
  }

  /** An alarm rung by every wake-up for `key`, once this replica listens to them. */
  private async alarmOn(key: string) {
    await this.listen();
    const alarm = new Alarm();
    this.waiting.set(key, (this.waiting.get(key) ?? new Set()).add(alarm));
    return alarm;
  }

  private quiet(key: string, alarm: Alarm) {
    const alarms = this.waiting.get(key);
    alarms?.delete(alarm);
    if (alarms?.size === 0) this.waiting.delete(key);
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

/**
 * Wakes a sleeper early; a ring while no one sleeps is kept, so the next `sleep` returns at once.
 * `sleep` answers the highest claimed sequence the rings since the last one named (-1: none).
 */
class Alarm {
  private claimed = -1;
  private rung = false;
  private wake: (() => void) | undefined;

  ring(claimed: number) {
    this.rung = true;
    if (claimed > this.claimed) this.claimed = claimed;
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
    const claimed = this.claimed;
    this.rung = false;
    this.claimed = -1;
    this.wake = undefined;
    return claimed;
  }
}

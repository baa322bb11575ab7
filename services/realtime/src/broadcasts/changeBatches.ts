import type { Logger } from '@commonwork/kit';
import type { Redis } from 'ioredis';

/**
 * A conversation's message changes (edits, deletions, reactions, numbered by its `revision`: 1, 2,
 * 3… with no gaps), gathered across replicas and emitted in frames of consecutive revisions: the
 * first change after a quiet spell at once, the ones that follow at most once a window.
 *
 * Why: each change used to be one frame to every socket of the room. At 25 reactions a second in a
 * room of 1,000 sockets that was 25,000 socket writes a second beside the messages' own, on the
 * same event loops that deliver the messages. One replica at a time holds a conversation's window
 * (a lease in the store); the others only stage their changes there. The holder takes the staged
 * changes from the one after the last emitted, in order, with no gap, and emits them as one frame;
 * so frames of one conversation never overlap, never repeat a revision, and come in revision order.
 * A gap (a change still in the other replica's queue) is waited for up to `holeMs`, then skipped;
 * the frame after it says where it starts, and clients fetch what they missed (`changedAfter`).
 */
export interface ChangeFrame {
  conversation: string;
  /** The revision before the first change in the frame: the frame holds every change after it up to `revision`. */
  after: number;
  /** The last change in the frame. */
  revision: number;
  /** The staged payloads, in revision order (one per change: the same message may come more than once). */
  payloads: string[];
}

/** Where the changes wait and who holds each conversation's window: Redis across replicas, memory for one. */
export interface ChangeStore {
  /** Stages a change: 'hold' (this replica now holds the window: flush), 'held' (a holder will emit it), 'done' (emitted already). */
  stage(conversation: string, revision: number, payload: string): Promise<'hold' | 'held' | 'done'>;
  /**
   * The staged changes after the last emitted, consecutive, marked emitted; 'wait' while the next one
   * is missing (up to `holeMs`), 'released' when none is left (the window is let go), 'lost' when
   * another replica holds the window now.
   */
  take(conversation: string): Promise<Omit<ChangeFrame, 'conversation'> | 'wait' | 'released' | 'lost'>;
  /** Lets the window go (this replica stops); what is staged waits for the next change to be emitted. */
  release(conversation: string): Promise<void>;
  /** Resolves once every frame another replica emitted before now has reached this replica's sockets. */
  caughtUp(): Promise<void>;
}

export interface ChangeBatchesOptions {
  store: ChangeStore;
  /** Sends one frame to the conversation's room (through the adapter: every replica's sockets). */
  emit: (frame: ChangeFrame) => void;
  log: Logger;
  /** The shortest time between two frames of one conversation; default 250 ms. */
  windowMs?: number;
}

export class ChangeBatches {
  /** The next flush of each conversation whose window this replica holds. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly windowMs: number;
  private closed = false;

  constructor(private readonly options: ChangeBatchesOptions) {
    this.windowMs = options.windowMs ?? 250;
  }

  /** Stages one change; not awaited by the consumer (a push is at most once; failures are logged). */
  add(conversation: string, revision: number, payload: unknown): void {
    if (this.closed) return;
    this.options.store.stage(conversation, revision, JSON.stringify(payload)).then(
      (answer) => (answer === 'hold' ? this.flushOrLetGo(conversation) : undefined),
      (error: unknown) => this.options.log.warn({ err: error, conversation, revision }, 'message change not staged'),
    );
  }

  /** Stops flushing and lets this replica's windows go, so another replica emits what is staged. */
  async close(): Promise<void> {
    this.closed = true;
    const held = [...this.timers.keys()];
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(held.map((conversation) => this.options.store.release(conversation).catch(() => undefined)));
  }

  private async flush(conversation: string): Promise<void> {
    this.timers.delete(conversation);
    if (this.closed) return;
    const taken = await this.options.store.take(conversation);
    if (taken === 'released' || taken === 'lost') return;
    if (taken !== 'wait') {
      await this.options.store.caughtUp();
      this.options.emit({ conversation, ...taken });
    }
    if (this.closed) {
      await this.options.store.release(conversation);
      return;
    }
    this.timers.set(
      conversation,
      setTimeout(() => void this.flushOrLetGo(conversation), this.windowMs),
    );
  }

  /**
   * A flush that failed (Redis unreachable) is logged and the window let go, so the next change
   * (on any replica) takes it and emits what is staged, rather than waiting out the lease.
   */
  private async flushOrLetGo(conversation: string): Promise<void> {
    try {
      await this.flush(conversation);
    } catch (error) {
      this.timers.delete(conversation);
      this.options.log.warn({ err: error, conversation }, 'message changes not emitted');
      await this.options.store.release(conversation).catch(() => undefined);
    }
  }
}

/** At most this many changes in one frame; the rest go in the next window. */
const MAX_FRAME = 200;

/**
 * One replica (embedded mode): the same rules in memory. Its changes arrive in order, so a missing
 * one is not waited for by default (it was skipped as stale, or another replica of a test cluster
 * without Redis handled it): the frame starts after it and says so.
 */
export class MemoryChangeStore implements ChangeStore {
  private readonly conversations = new Map<string, { emitted: number; held: boolean; holeSince: number; staged: Map<number, string> }>();

  constructor(private readonly holeMs = 0) {}

  async stage(conversation: string, revision: number, payload: string) {
    let c = this.conversations.get(conversation);
    if (!c) {
      c = { emitted: 0, held: false, holeSince: 0, staged: new Map() };
      this.conversations.set(conversation, c);
      if (this.conversations.size > 50_000)
        for (const key of [...this.conversations.keys()].slice(0, 10_000)) this.conversations.delete(key);
    }
    if (revision <= c.emitted) return 'done' as const;
    c.staged.set(revision, payload);
    if (c.held) return 'held' as const;
    c.held = true;
    return 'hold' as const;
  }

  async take(conversation: string) {
    const c = this.conversations.get(conversation);
    if (!c?.held) return 'lost' as const;
    if (c.staged.size === 0) {
      c.held = false;
      return 'released' as const;
    }
    const lowest = Math.min(...c.staged.keys());
    if (lowest > c.emitted + 1) {
      const now = Date.now();
      if (!c.holeSince) c.holeSince = now;
      if (now - c.holeSince < this.holeMs) return 'wait' as const;
      c.emitted = lowest - 1;
    }
    c.holeSince = 0;
    const after = c.emitted;
    const payloads: string[] = [];
    for (let n = after + 1; payloads.length < MAX_FRAME; n++) {
      const payload = c.staged.get(n);
      if (payload === undefined) break;
      payloads.push(payload);
      c.staged.delete(n);
    }
    c.emitted = after + payloads.length;
    return { after, revision: c.emitted, payloads };
  }

  async release(conversation: string) {
    const c = this.conversations.get(conversation);
    if (c) c.held = false;
  }

  async caughtUp() {}
}

// KEYS[1]: the conversation's state (f: last revision emitted; w: the window's holder; we: when its
// lease ends; h: since when the next revision has been missing), KEYS[2]: the staged changes by revision.
// Times are Redis's clock, so replicas' clocks need not agree.
const NOW = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

// ARGV: revision, payload, holder, lease ms, record ttl ms. 0: emitted already; 1: hold (flush); 2: held by a live holder.
const STAGE = `${NOW}
local n = tonumber(ARGV[1])
if n <= tonumber(redis.call('HGET', KEYS[1], 'f') or '0') then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
if redis.call('HGET', KEYS[1], 'w') and tonumber(redis.call('HGET', KEYS[1], 'we') or '0') > now then return 2 end
redis.call('HSET', KEYS[1], 'w', ARGV[3], 'we', now + tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

// ARGV: holder, lease ms, hole ms, max changes. {-1}: lost; {-2}: released; {-3}: wait; else {after, payload…}.
const TAKE = `${NOW}
if redis.call('HGET', KEYS[1], 'w') ~= ARGV[1] then return {-1} end
local revisions = redis.call('HKEYS', KEYS[2])
if #revisions == 0 then
  redis.call('HDEL', KEYS[1], 'w', 'we', 'h')
  return {-2}
end
local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local lowest = math.huge
for _, r in ipairs(revisions) do lowest = math.min(lowest, tonumber(r)) end
if lowest > f + 1 then
  local h = tonumber(redis.call('HGET', KEYS[1], 'h') or '0')
  if h == 0 then
    h = now
    redis.call('HSET', KEYS[1], 'h', now)
  end
  if now - h < tonumber(ARGV[3]) then
    redis.call('HSET', KEYS[1], 'we', now + tonumber(ARGV[2]))
    return {-3}
  end
  f = lowest - 1
end
local out = {f}
local n = f + 1
while #out <= tonumber(ARGV[4]) do
  local payload = redis.call('HGET', KEYS[2], n)
  if not payload then break end
  out[#out + 1] = payload
  redis.call('HDEL', KEYS[2], n)
  n = n + 1
end
redis.call('HSET', KEYS[1], 'f', n - 1, 'we', now + tonumber(ARGV[2]))
redis.call('HDEL', KEYS[1], 'h')
return out`;

// ARGV: holder.
const RELEASE = `if redis.call('HGET', KEYS[1], 'w') == ARGV[1] then redis.call('HDEL', KEYS[1], 'w', 'we') end
return 1`;

/** How long a conversation's record outlives its last change (as the ordering gate's). */
const RECORD_TTL_MS = 30 * 86_400_000;

export interface RedisChangeStoreOptions {
  /** The adapter's publishing client: the frames and the window's bookkeeping travel on one connection, in order. */
  pub: Redis;
  /** The adapter's subscriber client; only PINGed (its answer comes after every broadcast Redis sent before). */
  sub: Redis;
  prefix: string;
  /** This replica's name in the store (unique per process). */
  holder: string;
  /** A holder that has not flushed for this long is taken for dead, and the next change takes the window; default 10 s. */
  leaseMs?: number;
  /** How long a missing revision is waited for before it is skipped; default 1.5 s. */
  holeMs?: number;
}

/**
 * The store across replicas. A frame goes out on the adapter's publishing connection before the
 * holder lets the window go, so a replica that takes the window next sees it as taken after that
 * frame was published; and it PINGs its own subscriber connection before it emits, so that frame
 * has reached its local sockets before its own does.
 */
export class RedisChangeStore implements ChangeStore {
  constructor(private readonly options: RedisChangeStoreOptions) {}

  private keys(conversation: string): [string, string] {
    const key = `${this.options.prefix}:changes:${conversation}`;
    return [key, `${key}:staged`];
  }

  async stage(conversation: string, revision: number, payload: string) {
    const { pub, holder, leaseMs = 10_000 } = this.options;
    const answer = await pub.eval(STAGE, 2, ...this.keys(conversation), revision, payload, holder, leaseMs, RECORD_TTL_MS);
    return answer === 1 ? 'hold' : answer === 2 ? 'held' : 'done';
  }

  async take(conversation: string) {
    const { pub, holder, leaseMs = 10_000, holeMs = 1_500 } = this.options;
    const answer = (await pub.eval(TAKE, 2, ...this.keys(conversation), holder, leaseMs, holeMs, MAX_FRAME)) as [number, ...string[]];
    const [after, ...payloads] = answer;
    if (after === -1) return 'lost' as const;
    if (after === -2) return 'released' as const;
    if (after === -3) return 'wait' as const;
    return { after, revision: after + payloads.length, payloads };
  }

  async release(conversation: string) {
    await this.options.pub.eval(RELEASE, 1, this.keys(conversation)[0], this.options.holder);
  }

  async caughtUp() {
    await this.options.sub.ping();
  }
}

/** Calls counted for one key in its current window. */
export interface RateCount {
  count: number;
  /** When the window ends, from now. */
  resetInMs: number;
}

/**
 * Counts calls per key in fixed windows: the gateway's limits and the realtime tier's, on the same
 * keys, so a person's REST calls and socket events spend one budget. In memory for one process
 * (embedded mode), in Redis when replicas must agree.
 */
export interface RateCounter {
  hit(key: string, windowMs: number): Promise<RateCount>;
}

/** Sweeps ended windows once the map holds this many keys, so an address scan cannot grow it for ever. */
const SWEEP_AT = 10_000;

export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  async hit(key: string, windowMs: number): Promise<RateCount> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** The one Redis call the counter makes (ioredis' `eval`); the kit takes no Redis client of its own. */
export interface RedisScripting {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

// The first hit of a window starts its expiry; later ones read what is left of it.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) return {count, tonumber(ARGV[1])} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** Counts under `<REDIS_PREFIX>:rate:<key>`: every process of a deployment with the same prefix shares the counts. */
export class RedisRateCounter implements RateCounter {
  constructor(
    private readonly redis: RedisScripting,
    private readonly redisPrefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateCount> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, `${this.redisPrefix}:rate:${key}`, windowMs)) as [number, number];
    return { count, resetInMs: ttl };
  }
}

/** The per-person budget REST calls and socket events share: `max` per `windowMs`, keyed `user:<id>`. */
export interface UserLimit {
  counter: RateCounter;
  max: number;
  windowMs: number;
}

export const userLimitKey = (userId: string) => `user:${userId}`;
/** A personal access token's own budget, REST calls and socket events alike: an integration does not use up its person's. */
export const tokenLimitKey = (tokenId: string) => `token:${tokenId}`;
/** The budget a caller counts against: its token's when it came with a personal access token, else its person's. */
export const callerLimitKey = (caller: { sub: string; tid?: string | undefined }) =>
  caller.tid ? tokenLimitKey(caller.tid) : userLimitKey(caller.sub);
/** The budget's window, and its size when none is configured (RATE_LIMIT_MAX). */
export const USER_LIMIT_WINDOW_MS = 60_000;
export const DEFAULT_USER_LIMIT = 600;

/** What a limited caller is told, REST or socket. */
export const tooManyRequestsMessage = (resetInMs: number) =>
  `Too many requests. Please try again in ${Math.max(1, Math.ceil(resetInMs / 1000))} seconds.`;

import type { RateCounter } from '@commonwork/kit';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * The rate-limit plugin's store over the kit's counter, so the gateway counts on the keys and in
 * the place (memory, or Redis across replicas) the realtime tier counts socket events.
 */
export function counterStore(counter: RateCounter): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counter.hit(key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child() {
      return this;
    }
  };
}

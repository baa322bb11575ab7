import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@commonwork/kit';

/** The least time between two asks of one replica's `/readyz`. */
export const PROBE_INTERVAL_MS = 1_000;
const PROBE_TIMEOUT_MS = 900;
/** How long a replica holds the ask while its readiness stays what the gateway last saw (the kit's `/readyz?wait`). */
const WATCH_MS = 20_000;

/**
 * The replicas of one service, and which of them said they are ready at the last probe. A replica
 * that is stopping says it is not ready before it closes (the kit's drain), so the gateway stops
 * sending it requests while it still answers the ones it has.
 */
export class Upstreams {
  private readonly ready: Set<string>;
  private next = 0;
  private readonly stopping = new AbortController();

  constructor(
    readonly service: string,
    readonly urls: readonly string[],
    private readonly log: Logger,
  ) {
    if (urls.length === 0) throw new Error(`No URL for service ${service}`);
    this.ready = new Set(urls);
  }

  /**
   * Every replica, in the order to try them: the ready ones round-robin, then the others (a probe
   * can be a second old, and a replica that is not ready may still answer).
   */
  order(): string[] {
    const start = this.next++ % this.urls.length;
    const rotated = [...this.urls.slice(start), ...this.urls.slice(0, start)];
    return [...rotated.filter((url) => this.ready.has(url)), ...rotated.filter((url) => !this.ready.has(url))];
  }

  /** Whether the replica said it was ready at the last probe (or has not been probed yet). */
  isReady(url: string) {
    return this.ready.has(url);
  }

  /** Takes a replica out at once (it refused a connection); the next probe that finds it ready puts it back. */
  markDown(url: string) {
    if (this.ready.delete(url)) this.log.info({ service: this.service, upstream: url }, 'replica unreachable');
  }

  /**
   * Watches each replica only when there is a choice to make: the replica answers when its
   * readiness changes (or after WATCH_MS), and one that answers at once is asked again a second later.
   */
  start() {
    if (this.urls.length < 2) return;
    for (const url of this.urls) void this.watch(url);
  }

  stop() {
    this.stopping.abort();
  }

  private async watch(url: string) {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      const started = Date.now();
      const ask = `${url}/readyz?ready=${this.ready.has(url) ? 1 : 0}&wait=${WATCH_MS}`;
      const ok = await fetch(ask, { signal: AbortSignal.any([signal, AbortSignal.timeout(WATCH_MS + PROBE_TIMEOUT_MS)]) })
        // The body read, so the connection is kept for the next ask.
        .then(async (res) => {
          await res.text();
          return res.ok;
        })
        .catch(() => false);
      if (signal.aborted) return;
      if (ok !== this.ready.has(url)) {
        if (ok) this.ready.add(url);
        else this.ready.delete(url);
        this.log.info({ service: this.service, upstream: url, ready: ok }, ok ? 'replica ready' : 'replica not ready');
      }
      await sleep(Math.max(0, PROBE_INTERVAL_MS - (Date.now() - started)), undefined, { ref: false, signal }).catch(() => {});
    }
  }
}

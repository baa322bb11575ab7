import type { Logger } from '@commonwork/kit';

/** How often each replica's `/readyz` is asked. */
export const PROBE_INTERVAL_MS = 1_000;
const PROBE_TIMEOUT_MS = 900;

/**
 * The replicas of one service, and which of them said they are ready at the last probe. A replica
 * that is stopping says it is not ready before it closes (the kit's drain), so the gateway stops
 * sending it requests while it still answers the ones it has.
 */
export class Upstreams {
  private readonly ready: Set<string>;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;

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

  /** Probes only when there is a choice to make. */
  start() {
    if (this.urls.length < 2) return;
    this.timer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS).unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  private async probe() {
    await Promise.all(
      this.urls.map(async (url) => {
        const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
          .then((res) => res.ok)
          .catch(() => false);
        if (ok === this.ready.has(url)) return;
        if (ok) this.ready.add(url);
        else this.ready.delete(url);
        this.log.info({ service: this.service, upstream: url, ready: ok }, ok ? 'replica ready' : 'replica not ready');
      }),
    );
  }
}

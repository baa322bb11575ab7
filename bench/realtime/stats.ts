/**
 * The bench's clock: CLOCK_MONOTONIC in milliseconds with sub-millisecond resolution. It is one
 * clock for the whole process, so a time taken in the main thread (an emit on replica A) and one
 * taken in the swarm's worker thread (the receipt on a socket of replica B) can be subtracted.
 */
export const hrNow = () => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The value below which a share `q` of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * Sends `count` items at `ratePerSecond` on a fixed schedule (open loop: a slow answer does not
 * delay the next send; a late timer sends at once and the item keeps its own send time).
 */
export async function atFixedRate(count: number, ratePerSecond: number, send: (index: number) => void): Promise<void> {
  const interval = 1000 / ratePerSecond;
  const start = hrNow();
  for (let i = 0; i < count; i++) {
    const wait = start + i * interval - hrNow();
    if (wait > 0) await sleep(wait);
    send(i);
  }
}

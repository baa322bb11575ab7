import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  /** Keep-alive connections, each with one request in flight. */
  connections: number;
  durationMs: number;
  /** A request slower than this is abandoned and counted as an error; default 15 s. */
  timeoutMs?: number;
  /** Sent with every request (a bearer token). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Requests answered 200. */
  ok: number;
  /** Non-200 answers, socket errors and timeouts. */
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  elapsedMs: number;
}

/** One load run before summing up: every answered request's latency, so runs can be merged. */
export interface LoadRun {
  latencies: number[];
  errors: number;
  elapsedMs: number;
}

/** The latency below which a share `q` of the sorted samples fall. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/**
 * Runs a closed-loop load (every connection sends its next request when the last one answered)
 * in a worker thread, so the load generator does not share an event loop with the platform it
 * measures. Loopback only: the bench passes 127.0.0.1 URLs.
 */
export function runLoad(options: LoadOptions): Promise<LoadRun> {
  // tsx does not register itself in worker threads: the worker registers it, then loads this file.
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: options });
    worker.once('message', (result: LoadRun) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * Sends up to `count` requests one after another (unloaded latency), fewer when they are slow
 * (stops after `budgetMs`); returns the sorted latencies of the 200s.
 */
export async function serialLatencies(
  url: string,
  count: number,
  budgetMs = 3_000,
  timeoutMs = 15_000,
  headers: Record<string, string> = {},
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < count && performance.now() < deadline; i++) {
    const result = await once(url, agent, timeoutMs, headers);
    if (result.ok) samples.push(result.ms);
  }
  agent.destroy();
  return samples.sort((a, b) => a - b);
}

function once(
  url: string,
  agent: http.Agent,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<{ ok: boolean; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ ok, ms: performance.now() - started });
    };
    const req = http.get(url, { agent, timeout: timeoutMs, headers }, (res) => {
      res.resume();
      res.on('end', () => settle(res.statusCode === 200));
      res.on('error', () => settle(false));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => settle(false));
  });
}

async function work(options: LoadOptions): Promise<LoadRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end) {
        const { ok, ms } = await once(options.url, agent, options.timeoutMs ?? 15_000, options.headers);
        if (ok) latencies.push(ms);
        else errors++;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { latencies, errors, elapsedMs };
}

/** Throughput and latency percentiles over one or more runs of the same request, taken as one sample. */
export function summarize(runs: readonly LoadRun[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const elapsedMs = runs.reduce((sum, r) => sum + r.elapsedMs, 0);
  return {
    ok: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    rps: latencies.length / (elapsedMs / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    elapsedMs,
  };
}

if (!isMainThread && parentPort && (workerData as LoadOptions | undefined)?.url) {
  parentPort.postMessage(await work(workerData as LoadOptions));
}

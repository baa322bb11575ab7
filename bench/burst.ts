import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** One person's request: their token and the JSON body they send. */
export interface BurstRequest {
  token: string;
  body: unknown;
}

export interface BurstOptions {
  /** Where every request is POSTed. */
  url: string;
  requests: BurstRequest[];
}

export interface Burst {
  answers: BurstAnswer[];
  /** CPU this process spent from the first request to the last answer (every thread: the platform's, when it runs here, and the client's). */
  cpuMs: number;
}

export interface BurstAnswer {
  /** Index of the request. */
  index: number;
  status: number;
  /** The answer's body, parsed (null when it was not JSON). */
  body: unknown;
  ms: number;
}

/**
 * Sends every request at the same moment, one connection each, from a worker thread (so the
 * client does not share an event loop with the platform it measures); answers in request order.
 * Connections are opened and warmed before the burst, so the figures are the requests' own.
 */
export function runBurst(options: BurstOptions): Promise<Burst> {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: options });
    worker.once('message', (burst: Burst) => {
      resolve(burst);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function send(url: string, method: string, token: string, body: unknown, agent: http.Agent): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}` };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve) => {
    const req = http.request(url, { method, agent, headers, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {}
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
      res.on('error', () => resolve({ status: 0, body: null }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: null }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

async function work({ url, requests }: BurstOptions): Promise<Burst> {
  const agents = requests.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  // Each connection opened with a request that changes nothing (the gateway's liveness), so the burst measures no handshakes.
  const live = new URL('/healthz', url).toString();
  await Promise.all(agents.map((agent, i) => send(live, 'GET', requests[i]?.token ?? '', undefined, agent)));
  const cpuBefore = process.cpuUsage();
  const answers = await Promise.all(
    requests.map(async ({ token, body }, index) => {
      const sent = performance.now();
      const answer = await send(url, 'POST', token, body, agents[index] as http.Agent);
      return { index, ...answer, ms: performance.now() - sent };
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  for (const agent of agents) agent.destroy();
  return { answers, cpuMs: (cpu.user + cpu.system) / 1000 };
}

if (!isMainThread && parentPort && (workerData as BurstOptions | undefined)?.requests) {
  parentPort.postMessage(await work(workerData as BurstOptions));
}

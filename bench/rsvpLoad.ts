import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface RsvpLoadOptions {
  /** The event's registration URL (`eventsRoutes.register`'s, on the gateway or the events service). */
  url: string;
  /** One access token per person; each registers once. */
  tokens: string[];
  /** People registering at the same moment (one request in flight each). */
  concurrency: number;
}

export interface RsvpAnswer {
  /** Index of the person's token. */
  person: number;
  status: number;
  ms: number;
  /** When the answer came, in ms from the start. */
  at: number;
}

/**
 * Sends every person's registration, `concurrency` at a time, from a worker thread (so the client
 * does not share an event loop with the platform it measures); answers in the order they came.
 */
export function runRsvpLoad(options: RsvpLoadOptions): Promise<RsvpAnswer[]> {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: options });
    worker.once('message', (answers: RsvpAnswer[]) => {
      resolve(answers);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function post(url: string, token: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${token}` }, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function work({ url, tokens, concurrency }: RsvpLoadOptions): Promise<RsvpAnswer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const answers: RsvpAnswer[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const person = next++;
        const sent = performance.now();
        const status = await post(url, tokens[person] as string, agent);
        const now = performance.now();
        answers.push({ person, status, ms: now - sent, at: now - started });
      }
    }),
  );
  agent.destroy();
  return answers;
}

if (!isMainThread && parentPort && (workerData as RsvpLoadOptions | undefined)?.tokens) {
  parentPort.postMessage(await work(workerData as RsvpLoadOptions));
}

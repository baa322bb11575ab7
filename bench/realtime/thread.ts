// A part of the bench in a worker thread of its own (its own event loop, as its own process has in
// cluster mode), driven by named commands over the thread's port.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { commandCaller } from './commands.ts';

export interface BenchThread {
  /** Runs `command` in the thread; rejects after `timeoutMs`, or at once when the thread has exited. */
  call<T>(command: string, args: unknown, timeoutMs: number): Promise<T>;
  terminate(): Promise<void>;
}

/**
 * Starts `moduleUrl` in a worker thread with `data` as its workerData; the module answers with
 * `serveThread`, which it calls when `data.kind` is its own.
 */
export function startBenchThread(moduleUrl: string, data: { kind: string }): BenchThread {
  // tsx does not register itself in worker threads: the worker registers it, then loads the module.
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  const call = commandCaller(`${data.kind} thread`, worker, (message) => worker.postMessage(message));
  return {
    call,
    terminate: async () => {
      await worker.terminate();
    },
  };
}

/** The thread's `kind` when this code runs in a bench thread; undefined in the main thread. */
export const threadKind = (): string | undefined => (isMainThread ? undefined : (workerData as { kind?: string } | undefined)?.kind);

/** In the thread: answers each command of `startBenchThread`'s `call` with its handler. */
export function serveThread(commands: Record<string, (args: never) => Promise<unknown>>) {
  const port = parentPort;
  if (!port) throw new Error('serveThread runs in a worker thread');
  port.on('message', ({ id, command, args }: { id: number; command: string; args: never }) => {
    const handler = commands[command];
    if (!handler) return port.postMessage({ id, error: `no command ${command}` });
    handler(args).then(
      (result) => port.postMessage({ id, result }),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}

/**
 * This thread's event-loop utilisation over a phase (1 = never idle): `eluBegin` marks its start,
 * `eluEnd` reads it; the commands every part of the bench answers for its phases.
 */
export function loopMeter() {
  let start = performance.eventLoopUtilization();
  return {
    eluBegin: async () => {
      start = performance.eventLoopUtilization();
    },
    eluEnd: async () => performance.eventLoopUtilization(performance.eventLoopUtilization(), start).utilization,
  };
}

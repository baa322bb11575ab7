// A part of the bench in a worker thread of its own (its own event loop, as its own process has in
// cluster mode), driven by named commands over the thread's port.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

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
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let exited = false;
  worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(`${data.kind}: ${message.error}`));
    else call?.resolve(message.result);
  });
  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    exited = true;
    failAll(new Error(`${data.kind} thread exited (${code})`));
  });
  return {
    call: <T>(command: string, args: unknown, timeoutMs: number) =>
      new Promise<T>((resolve, reject) => {
        if (exited) return reject(new Error(`${data.kind} thread has exited`));
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${data.kind} ${command} took longer than ${timeoutMs / 1000} s`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        worker.postMessage({ id, command, args });
      }),
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

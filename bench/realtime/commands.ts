// Commands to a part of the bench in another thread or process, answered by id over its message
// channel: a worker thread (postMessage) or a child process (send) alike.
import type { EventEmitter } from 'node:events';

/**
 * A caller of `name`'s commands over `peer` (a Worker or a ChildProcess: 'message', 'error' and
 * 'exit' events), sending each with `send`. A call rejects after its `timeoutMs`, and every pending
 * call at once when the peer fails or exits.
 */
export function commandCaller(name: string, peer: EventEmitter, send: (message: object) => void) {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let exited = false;
  peer.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(`${name}: ${message.error}`));
    else call?.resolve(message.result);
  });
  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  peer.on('error', failAll);
  peer.on('exit', (code) => {
    exited = true;
    failAll(new Error(`${name} exited (${code})`));
  });
  return <T>(command: string, args: unknown, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error(`${name} has exited`));
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${name}: ${command} took longer than ${timeoutMs / 1000} s`));
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
      send({ id, command, args });
    });
}

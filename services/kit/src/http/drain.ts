import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** What draining uses of an app (a fastify instance): not the app's own type, which app.ts builds on this file. */
interface Drainable {
  server: Server;
  close(): PromiseLike<unknown>;
  addHook(name: 'preClose', hook: () => Promise<void>): unknown;
}

const draining = new WeakSet<object>();
const drainListeners = new WeakMap<object, (() => void)[]>();

/** Whether the app is on its way out: its `/readyz` says so, so no new request is sent its way. */
export const isDraining = (app: object) => draining.has(app);

/** Calls `listener` when the app starts draining (a held `/readyz` answers "draining" at once). */
export function onDraining(app: object, listener: () => void) {
  drainListeners.set(app, [...(drainListeners.get(app) ?? []), listener]);
}

/**
 * A graceful stop: not ready at once, still serving for `delayMs` (while whatever routes to it,
 * the gateway's probe or a Kubernetes Service, takes it out), then closed once every request it
 * accepted is answered.
 */
export async function drainAndClose(app: Drainable, delayMs: number) {
  draining.add(app);
  for (const listener of drainListeners.get(app) ?? []) listener();
  if (delayMs > 0) await sleep(delayMs);
  await app.close();
}

/**
 * Closing lets every accepted request be answered, then ends each connection as soon as it owes no
 * answer. Node only closes the connections idle at the moment of closing: one still receiving the
 * rest of a body already refused (a 413 answered early) kept the server open until its keep-alive
 * timeout, 72 s.
 */
export function closeConnectionsWhenAnswered(app: Drainable) {
  const owed = new Map<Socket, number>();
  let closing = false;
  const settle = (socket: Socket, change: number) => {
    const left = (owed.get(socket) ?? 0) + change;
    owed.set(socket, left);
    if (closing && left === 0) socket.destroy();
  };
  app.server.on('connection', (socket: Socket) => {
    owed.set(socket, 0);
    socket.once('close', () => owed.delete(socket));
  });
  app.server.on('request', (request, response) => {
    settle(request.socket, 1);
    response.once('close', () => settle(request.socket, -1));
  });
  const closeWhenAnswered = () => {
    closing = true;
    for (const [socket, left] of owed) if (left === 0) socket.destroy();
  };
  closers.set(app, closeWhenAnswered);
  app.addHook('preClose', async () => closeWhenAnswered());
}

const closers = new WeakMap<object, () => void>();

/**
 * From now on, ends each of the app's connections as soon as it owes no answer, as closing the app
 * does: for a server that another part closes (Socket.IO closes the realtime tier's), whose close
 * would otherwise wait on a connection that never sent a request (a gateway's probe that had just
 * connected) until its client let go.
 */
export const endConnectionsWhenAnswered = (app: object) => closers.get(app)?.();

// The client side of `npm run bench:sockets`, in a process of its own (its own file-descriptor
// limit and event loop): opens the sockets it is told to over IPC, then records when each member
// socket receives each message, on the machine's clock (performance.timeOrigin + now) so the
// parent can compare with its send times.
import { performance } from 'node:perf_hooks';
import { SOCKET_EVENTS } from '@commonwork/contracts';
import { io, type Socket } from 'socket.io-client';

export type ClientCommand =
  | { kind: 'connect'; url: string; sockets: { token: string; member: boolean }[]; concurrency: number }
  | { kind: 'collect' }
  | { kind: 'close' };

export type ClientReport =
  | { kind: 'connected'; connected: number; failed: number; firstError: string | null }
  | { kind: 'collected'; receipts: { content: string; at: number }[]; disconnects: number };

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
const receipts: { content: string; at: number }[] = [];
let disconnects = 0;

const send = (report: ClientReport) => process.send?.(report);

async function connectAll(command: Extract<ClientCommand, { kind: 'connect' }>) {
  let next = 0;
  let failed = 0;
  const already = sockets.length;
  let firstError: string | null = null;
  const one = (spec: { token: string; member: boolean }) =>
    new Promise<void>((resolve) => {
      const socket = io(command.url, { auth: { token: spec.token }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => {
        sockets.push(socket);
        socket.on('disconnect', () => disconnects++);
        if (!spec.member) return resolve();
        socket.on(SOCKET_EVENTS.newMessage, (message: { content: string }) => receipts.push({ content: message.content, at: now() }));
        socket.emit(SOCKET_EVENTS.joinChannels, () => resolve());
      });
      socket.once('connect_error', (error) => {
        failed++;
        firstError ??= error.message;
        socket.close();
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: command.concurrency }, async () => {
      while (next < command.sockets.length) {
        const spec = command.sockets[next++];
        if (spec) await one(spec);
      }
    }),
  );
  send({ kind: 'connected', connected: sockets.length - already, failed, firstError });
}

process.on('message', (command: ClientCommand) => {
  if (command.kind === 'connect') void connectAll(command);
  else if (command.kind === 'collect') send({ kind: 'collected', receipts: receipts.splice(0), disconnects });
  else {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});

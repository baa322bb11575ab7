// The client side of `npm run bench:sockets` and `npm run bench:channels`, in a process of its own
// (its own file-descriptor limit and event loop): opens the sockets it is told to over IPC, sends
// messages from them when told to, and records when each member socket receives each message, on
// the machine's clock (performance.timeOrigin + now) so the parent can compare with its own times.
import { performance } from 'node:perf_hooks';
import { type MessageSentPayload, type NewMessagesPayload, SOCKET_EVENTS, type SocketHandshakeAuth } from '@commonwork/contracts';
import { io, type Socket } from 'socket.io-client';

export interface SocketSpec {
  token: string;
  /** A member socket joins its channels (`join-channels`) and records their messages. */
  member: boolean;
  /** Names the socket for `send` and in its receipts. */
  key?: string;
}

export interface PlannedSend {
  /** The socket that sends (its `key`). */
  key: string;
  channelId: string;
  content: string;
  /** When to send it, on the machine's clock. */
  at: number;
}

export interface Receipt {
  content: string;
  at: number;
  key?: string;
  channelId: string;
  sequence: number;
}

export interface SendOutcome {
  content: string;
  sentAt: number;
  ackAt: number | null;
  error: string | null;
}

export type ClientCommand =
  | { kind: 'connect'; url: string | string[]; sockets: SocketSpec[]; concurrency: number }
  | { kind: 'send'; sends: PlannedSend[]; ackTimeoutMs: number }
  | { kind: 'collect' }
  | { kind: 'close' };

export type ClientReport =
  | { kind: 'connected'; connected: number; failed: number; firstError: string | null }
  | { kind: 'sent'; outcomes: SendOutcome[] }
  | { kind: 'collected'; receipts: Receipt[]; disconnects: number };

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sockets: Socket[] = [];
const byKey = new Map<string, Socket>();
const receipts: Receipt[] = [];
let disconnects = 0;

const report = (message: ClientReport) => process.send?.(message);

async function connectAll(command: Extract<ClientCommand, { kind: 'connect' }>) {
  const urls = [command.url].flat();
  let next = 0;
  let failed = 0;
  const already = sockets.length;
  let firstError: string | null = null;
  // Several URLs (replicas): the sockets go to them in turn.
  const one = (spec: SocketSpec, url: string) =>
    new Promise<void>((resolve) => {
      // As the web app does: a busy channel's consecutive messages in one packet (`new-messages`).
      const auth: SocketHandshakeAuth = { token: spec.token, messageRuns: true };
      const socket = io(url, { auth, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => {
        sockets.push(socket);
        if (spec.key) byKey.set(spec.key, socket);
        socket.on('disconnect', () => disconnects++);
        if (!spec.member) return resolve();
        const received = (message: { content: string; channel: string; sequence: number }, at: number) =>
          receipts.push({
            content: message.content,
            at,
            channelId: message.channel,
            sequence: message.sequence,
            ...(spec.key && { key: spec.key }),
          });
        socket.on(SOCKET_EVENTS.newMessage, (message: { content: string; channel: string; sequence: number }) => received(message, now()));
        // A run is that many messages, each received when its packet came.
        socket.on(SOCKET_EVENTS.newMessages, (run: NewMessagesPayload) => {
          const at = now();
          for (const message of run.messages) received(message, at);
        });
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
        const i = next++;
        const spec = command.sockets[i];
        if (spec) await one(spec, urls[i % urls.length] as string);
      }
    }),
  );
  report({ kind: 'connected', connected: sockets.length - already, failed, firstError });
}

/** Sends each planned message at its time (open loop: a late answer does not hold the next send back). */
async function sendAll(command: Extract<ClientCommand, { kind: 'send' }>) {
  const answers: Promise<SendOutcome>[] = [];
  for (const planned of command.sends) {
    await sleep(planned.at - now());
    const socket = byKey.get(planned.key);
    const sentAt = now();
    if (!socket) {
      answers.push(Promise.resolve({ content: planned.content, sentAt, ackAt: null, error: `no socket ${planned.key}` }));
      continue;
    }
    answers.push(
      socket
        .timeout(command.ackTimeoutMs)
        .emitWithAck(SOCKET_EVENTS.sendMessage, { channelId: planned.channelId, content: planned.content, type: 'text' })
        .then(
          (answer: MessageSentPayload) => ({
            content: planned.content,
            sentAt,
            ackAt: now(),
            error: answer.success ? null : (answer.error ?? 'refused'),
          }),
          (error: Error) => ({ content: planned.content, sentAt, ackAt: null, error: error.message }),
        ),
    );
  }
  report({ kind: 'sent', outcomes: await Promise.all(answers) });
}

process.on('message', (command: ClientCommand) => {
  if (command.kind === 'connect') void connectAll(command);
  else if (command.kind === 'send') void sendAll(command);
  else if (command.kind === 'collect') report({ kind: 'collected', receipts: receipts.splice(0), disconnects });
  else {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});

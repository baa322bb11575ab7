/**
 * Counts what a channel's broadcast costs per message, by the message (the gate's `inOrder` and one
 * `new-message` each, as before runs) and by the run (`inOrderRuns` and `emitMessageRun`): Redis
 * commands (INFO commandstats, the run's own Redis) and socket writes on the servers' side (each
 * `_write`/`_writev` of an accepted socket is one system call). Two Socket.IO replicas on the Redis
 * adapter share a room of `RUN_COUNT_SOCKETS` sockets (half on each, the clients in this process:
 * counts, not times); the shared consumer is played by dealing the messages to the replicas in turns,
 * `batch` at a time each (1: a replica keeping up; more: one behind, holding what waited).
 *
 * Run: REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/realtime/runCounts.ts
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { emitMessageRun, placeMessageReader, receiveMessageRuns } from '../../services/realtime/src/broadcasts/messageRuns.ts';
import { type OrderedEmitter, RedisOrderedEmitter } from '../../services/realtime/src/ordering.ts';
import { rooms } from '../../services/realtime/src/rooms.ts';
import { coalesceSocketWrites } from '../../services/realtime/src/socketWrites.ts';
import type { RealtimeServer, RealtimeSocket } from '../../services/realtime/src/types.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SOCKETS = Number(process.env.RUN_COUNT_SOCKETS ?? 200);
const MESSAGES = Number(process.env.RUN_COUNT_MESSAGES ?? 200);
const BATCHES = (process.env.RUN_COUNT_BATCHES ?? '1,4,16').split(',').map(Number);
/** How long deliveries may take after the last emit (a loaded machine is slow to write them). */
const WAIT_MS = Number(process.env.RUN_COUNT_WAIT_MS ?? 30_000);
const channelId = '00000000-0000-4000-8000-0000000000aa';
const room = rooms.channel(channelId);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Replica {
  io: RealtimeServer;
  http: HttpServer;
  gate: OrderedEmitter;
  clients: Redis[];
}

let writes = 0;
const countWrites = (socket: NetSocket) => {
  const raw = socket as unknown as { _write: (...a: unknown[]) => void; _writev?: (...a: unknown[]) => void };
  const write = raw._write.bind(socket);
  raw._write = (...args) => {
    writes++;
    write(...args);
  };
  const writev = raw._writev?.bind(socket);
  if (writev)
    raw._writev = (...args) => {
      writes++;
      writev(...args);
    };
};

/** Commands the replicas' own Redis connections sent, by name (the Redis server is shared with other work: its stats are not ours alone). */
const commands: Record<string, number> = {};
const countCommands = (client: Redis) => {
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    commands[command.name] = (commands[command.name] ?? 0) + 1;
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof client.sendCommand;
};

async function main() {
  const prefix = `cwbench-runs-${randomBytes(4).toString('hex')}`;
  const replicas: Replica[] = [];
  for (let i = 0; i < 2; i++) {
    const pub = new Redis(redisUrl);
    const sub = pub.duplicate();
    const wakeups = pub.duplicate();
    for (const client of [pub, sub, wakeups]) countCommands(client);
    const http = createServer();
    http.on('connection', countWrites);
    const io = new Server(http, { adapter: createAdapter(pub, sub, { key: `${prefix}:socket.io` }) }) as unknown as RealtimeServer;
    coalesceSocketWrites(io);
    receiveMessageRuns(io);
    io.on('connection', (socket: RealtimeSocket) => {
      void socket.join(room);
      placeMessageReader(socket);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    replicas.push({ io, http, clients: [pub, sub, wakeups], gate: new RedisOrderedEmitter({ pub, sub, wakeups, prefix }) });
  }
  const connectAll = async (runs: boolean) => {
    const sockets: Socket[] = [];
    let received = 0;
    for (let i = 0; i < SOCKETS; i++) {
      const { http } = replicas[i % 2] as Replica;
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      const socket = connectSocket(url, { transports: ['websocket'], forceNew: true, auth: runs ? { messageRuns: true } : {} });
      socket.on('new-message', () => {
        received++;
      });
      socket.on('new-messages', (run: { messages: unknown[] }) => {
        received += run.messages.length;
      });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => new Promise((resolve) => s.once('connect', () => resolve(null)))));
    return { sockets, received: () => received };
  };
  const rows: string[] = [];
  let conversation = 0;

  const measure = async (label: string, batch: number, runs: boolean, byRun: boolean) => {
    const readers = await connectAll(runs);
    await pause(300);
    const key = `${room}:${++conversation}`;
    for (const name of Object.keys(commands)) delete commands[name];
    writes = 0;
    const all = Array.from({ length: MESSAGES }, (_, i) => i + 1);
    const message = (sequence: number) => ({ sequence, content: 'x'.repeat(200) });
    const replica = async (i: number) => {
      const { io, gate } = replicas[i] as Replica;
      const mine = all.filter((n) => n % 2 === (i === 0 ? 1 : 0));
      for (let b = 0; b < mine.length; b += batch) {
        const part = mine.slice(b, b + batch);
        if (byRun) {
          const items = part.map((sequence) => ({ sequence, message: message(sequence) }));
          await gate.inOrderRuns(key, items, (run) => emitMessageRun(io, { channelId, messages: run as never }));
        } else {
          for (const n of part) await gate.inOrder(key, n, () => void io.to(room).emit('new-message', message(n) as never));
        }
      }
    };
    await Promise.all([replica(0), replica(1)]);
    const expected = MESSAGES * SOCKETS;
    for (let waited = 0; waited < WAIT_MS && readers.received() < expected; waited += 50) await pause(50);
    await pause(300);
    const delta = (name: string) => commands[name] ?? 0;
    const gateCalls = delta('eval') + delta('evalsha');
    // PUBLISH: the adapter's broadcasts and runs (the gate's wake-ups are published inside its scripts).
    const total = Object.values(commands).reduce((sum, n) => sum + n, 0);
    rows.push(
      `| ${label} | ${batch} | ${readers.received()} of ${expected} | ${(total / MESSAGES).toFixed(2)} | ${(gateCalls / MESSAGES).toFixed(2)} | ${(delta('ping') / MESSAGES).toFixed(2)} | ${(delta('publish') / MESSAGES).toFixed(2)} | ${(writes / MESSAGES / SOCKETS).toFixed(3)} |`,
    );
    for (const socket of readers.sockets) socket.close();
    await pause(300);
  };

  for (const batch of BATCHES) {
    await measure('by the message (inOrder, new-message each)', batch, false, false);
    await measure('by the run, sockets that read runs', batch, true, true);
    await measure('by the run, sockets that do not', batch, false, true);
  }
  console.log(
    `${SOCKETS} sockets in one room (half on each replica), ${MESSAGES} messages dealt to the two replicas in turns, \`batch\` at a time each\n`,
  );
  console.log(
    '| path | batch | delivered | Redis round trips / message | gate scripts / message | PINGs / message | PUBLISHes / message | socket writes / message / socket |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const row of rows) console.log(row);
  for (const replica of replicas) {
    await replica.io.close();
    const [pub] = replica.clients;
    const keys = (await pub?.keys(`${prefix}:*`)) ?? [];
    if (keys.length > 0) await pub?.del(...keys);
    for (const client of replica.clients) await client.quit();
  }
}

await main();

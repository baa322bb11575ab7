import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connectSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceSocketWrites } from '../src/socketWrites.ts';

const BURST = 20;
const running: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});

/**
 * A burst of packets to one socket in one turn of the event loop (as a replica behind on its room
 * sends), on a bare Socket.IO server: what reaches the client, and how many writes the server's
 * end of the connection made for it.
 */
async function burst(coalesce: boolean) {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  if (coalesce) coalesceSocketWrites(io);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const client = connectSocket(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
  running.push(async () => {
    client.close();
    await io.close();
  });
  const connected = new Promise<ServerSocket>((resolve) => io.on('connection', resolve));
  const socket = await connected;
  if (!client.connected) await new Promise((resolve) => client.once('connect', () => resolve(undefined)));

  const transport = socket.conn.transport as unknown as { socket: { _socket: NetSocket } };
  const raw = transport.socket._socket as NetSocket & { _write: unknown; _writev: unknown };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = (raw[method] as (...args: unknown[]) => unknown).bind(raw);
    raw[method] = (...args: unknown[]) => {
      writes++;
      return original(...args);
    };
  }
  const received: number[] = [];
  const all = new Promise<void>((resolve) =>
    client.on('n', (n: number) => {
      received.push(n);
      if (received.length === BURST) resolve();
    }),
  );
  for (let n = 1; n <= BURST; n++) socket.emit('n', n);
  await all;
  return { received, writes };
}

describe('coalesceSocketWrites', () => {
  it('sends the packets that waited behind a write in one write, every one delivered in order', async () => {
    const plain = await burst(false);
    const coalesced = await burst(true);
    const inOrder = Array.from({ length: BURST }, (_, i) => i + 1);
    expect(plain.received).toEqual(inOrder);
    expect(coalesced.received).toEqual(inOrder);
    // Without it: the first packet, then one write for each packet that waited.
    expect(plain.writes).toBeGreaterThanOrEqual(BURST);
    // With it: the first packet, then the ones that waited behind it together.
    expect(coalesced.writes).toBeLessThanOrEqual(3);
  });
});

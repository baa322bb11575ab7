import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsServerBinary, redisServerBinary } from './servers.ts';

/** Ports this process handed out: a server not yet listening on one must not be given it twice. */
const handedOut = new Set<number>();

/** A port nothing listens on right now, and that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Resolves once something accepts connections on the port. */
async function listening(port: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A server a test runs itself, so it can kill it (-9) and start it again on the same port and data. */
export interface OwnServer {
  url: string;
  /** SIGKILL, and resolves once the process is gone. */
  kill: () => Promise<void>;
  /** Starts it again (after `kill`), on the same port and, for NATS, the same JetStream store. */
  start: () => void;
}

const programs = {
  redis: (port: number) => ({
    binary: redisServerBinary,
    args: ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    url: `redis://127.0.0.1:${port}`,
  }),
  nats: (port: number) => ({
    binary: natsServerBinary,
    args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', mkdtempSync(join(tmpdir(), 'nats-'))],
    url: `nats://127.0.0.1:${port}`,
  }),
};

/** Starts a Redis or a NATS (with JetStream) of the caller's own on a free port, and resolves once it listens. */
export async function startOwnServer(kind: keyof typeof programs): Promise<OwnServer> {
  const port = await freePort();
  const { binary, args, url } = programs[kind](port);
  let child: ChildProcess | undefined;
  const start = () => {
    child = spawn(binary, args, { stdio: 'ignore' });
  };
  start();
  await listening(port);
  return {
    url,
    start,
    kill: async () => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
  };
}

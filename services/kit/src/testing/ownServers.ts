import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsServerBinary, redisServerBinary } from './servers.ts';

/** Ports this process handed out: a server not yet listening on one must not be given it twice. */
const handedOut = new Set<number>();
/**
 * Below Linux's ephemeral range (32768 and up): there a port found free can be taken by any outgoing
 * connection before the server listens on it (CI saw EADDRINUSE so).
 */
const PORTS = { from: 20_000, to: 32_768 };

/** Whether nothing listens on `port` right now. */
export const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port nothing listens on right now, outside the ephemeral range, and that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    if (handedOut.has(port) || !(await portFree(port))) continue;
    handedOut.add(port);
    return port;
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

type Program = ReturnType<(typeof programs)[keyof typeof programs]>;

/** Resolves with the process once it listens on `port`, or with undefined if it exits first (the port was taken meanwhile). */
async function spawnListening({ binary, args }: Program, port: number): Promise<ChildProcess | undefined> {
  const child = spawn(binary, args, { stdio: 'ignore' });
  const exited = new Promise<'exited'>((resolve) => child.once('exit', () => resolve('exited')));
  const up = await Promise.race([listening(port).then(() => 'listening' as const), exited]);
  return up === 'listening' ? child : undefined;
}

/**
 * Starts a Redis or a NATS (with JetStream) of the caller's own on a free port, and resolves once it
 * listens; on another port if another process took this one first.
 */
export async function startOwnServer(kind: keyof typeof programs): Promise<OwnServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // One program per port: a restart keeps NATS's JetStream store.
    const program = programs[kind](port);
    let child = await spawnListening(program, port);
    if (!child) {
      if (attempt < 5) continue;
      throw new Error(`${kind} exited before listening, on five ports in a row`);
    }
    return {
      url: program.url,
      start: () => {
        child = spawn(program.binary, program.args, { stdio: 'ignore' });
      },
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
}

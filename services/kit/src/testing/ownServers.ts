import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsServerBinary, redisServerBinary } from './servers.ts';

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

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

/** Starts a Redis or a NATS (with JetStream) of the caller's own on a free port; callers wait for it to answer. */
export async function startOwnServer(kind: keyof typeof programs): Promise<OwnServer> {
  const { binary, args, url } = programs[kind](await freePort());
  let child: ChildProcess | undefined;
  const start = () => {
    child = spawn(binary, args, { stdio: 'ignore' });
  };
  start();
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

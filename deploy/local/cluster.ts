// `npm run start:cluster`: the platform in cluster mode on this machine. Every service, and the
// gateway, runs as its own Node process against real PostgreSQL, NATS JetStream and Redis, exactly as
// the pods of deploy/k8s do; this file only supervises them (prefixed output, start order, signals).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

const REQUIRED = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'] as const;
const missing = REQUIRED.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `start:cluster needs ${missing.join(', ')} (PostgreSQL, NATS JetStream and Redis), for example:\n` +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\\n' +
      '  NATS_URL=nats://127.0.0.1:4222 REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster\n' +
      'For a start with no servers at all, use `npm start` (embedded mode).',
  );
  process.exit(78);
}

const IDENTITY_PORT = Number(process.env.IDENTITY_PORT ?? 4001);
const MARKETPLACE_PORT = Number(process.env.MARKETPLACE_PORT ?? 4002);
const MESSAGING_PORT = Number(process.env.MESSAGING_PORT ?? 4003);
const EVENTS_PORT = Number(process.env.EVENTS_PORT ?? 4004);
const MEDIA_PORT = Number(process.env.MEDIA_PORT ?? 4005);
const NOTIFICATIONS_PORT = Number(process.env.NOTIFICATIONS_PORT ?? 4006);
const DRAFTS_PORT = Number(process.env.DRAFTS_PORT ?? 4007);
const GATEWAY_PORT = Number(process.env.PORT ?? 8080);
/** Two realtime replicas on Redis (REALTIME_PORTS=4010,4011), so cross-replica fan-out runs on every start. */
const REALTIME_PORTS = (process.env.REALTIME_PORTS ?? '4010,4011').split(',').map(Number);
const IDENTITY_URL = `http://127.0.0.1:${IDENTITY_PORT}`;

interface ProcessSpec {
  /** Output prefix and name in messages; unique. */
  name: string;
  /** Entry file, relative to the repository root. */
  entry: string;
  /** Added to (and overriding) this process's environment. */
  env: Record<string, string>;
  /** The port it listens on, on this machine. */
  port: number;
  /** Polled until it answers 2xx before the next process starts. */
  readyUrl: string;
}

/** A process behind the gateway: listens on 127.0.0.1:port, ready when its /readyz answers. */
const internal = (name: string, entry: string, port: number, env: Record<string, string> = {}): ProcessSpec => ({
  name,
  entry,
  env: { HOST: '127.0.0.1', PORT: String(port), ...env },
  port,
  readyUrl: `http://127.0.0.1:${port}/readyz`,
});

/**
 * What runs, in start order (stopped in reverse). A new service, or another replica of one, is one
 * more `internal(...)` line before the gateway, which starts last.
 */
const processes: ProcessSpec[] = [
  internal('identity', 'services/identity/src/main.ts', IDENTITY_PORT),
  internal('marketplace', 'services/marketplace/src/main.ts', MARKETPLACE_PORT, { IDENTITY_URL }),
  internal('messaging', 'services/messaging/src/main.ts', MESSAGING_PORT, { IDENTITY_URL }),
  internal('events', 'services/events/src/main.ts', EVENTS_PORT, { IDENTITY_URL }),
  internal('media', 'services/media/src/main.ts', MEDIA_PORT, { IDENTITY_URL }),
  internal('notifications', 'services/notifications/src/main.ts', NOTIFICATIONS_PORT, { IDENTITY_URL }),
  internal('drafts', 'services/drafts/src/main.ts', DRAFTS_PORT, { IDENTITY_URL }),
  ...REALTIME_PORTS.map((port, i) =>
    internal(`realtime-${i + 1}`, 'services/realtime/src/main.ts', port, {
      IDENTITY_URL,
      MESSAGING_URL: `http://127.0.0.1:${MESSAGING_PORT}`,
    }),
  ),
  {
    name: 'gateway',
    entry: 'gateway/src/main.ts',
    env: {
      PORT: String(GATEWAY_PORT),
      IDENTITY_URL,
      MARKETPLACE_URL: `http://127.0.0.1:${MARKETPLACE_PORT}`,
      MESSAGING_URL: `http://127.0.0.1:${MESSAGING_PORT}`,
      EVENTS_URL: `http://127.0.0.1:${EVENTS_PORT}`,
      MEDIA_URL: `http://127.0.0.1:${MEDIA_PORT}`,
      NOTIFICATIONS_URL: `http://127.0.0.1:${NOTIFICATIONS_PORT}`,
      DRAFTS_URL: `http://127.0.0.1:${DRAFTS_PORT}`,
      REALTIME_URLS: REALTIME_PORTS.map((port) => `http://127.0.0.1:${port}`).join(','),
      WEB_DIST: `${root}web/dist`,
    },
    port: GATEWAY_PORT,
    readyUrl: `http://127.0.0.1:${GATEWAY_PORT}/readyz`,
  },
];

/** Cluster mode's dev issuer is off unless AUTH_DEV_LOGIN=true (docs: ARCHITECTURE §2). */
const shared = { AUTH_DEV_LOGIN: 'false', ...process.env };

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
const COLORS = [36, 35, 33, 32, 34, 31];
const width = Math.max(7, ...processes.map((p) => p.name.length));
const tty = process.stdout.isTTY;

/** `[name   ] ` before every line; coloured per process on a terminal (the supervisor's own in bold). */
function prefixOf(name: string, index: number | null) {
  const label = `[${name.padEnd(width)}]`;
  if (!tty) return `${label} `;
  return `\x1b[${index === null ? 1 : COLORS[index % COLORS.length]}m${label}\x1b[0m `;
}
const say = (message: string) => console.log(`${prefixOf('cluster', null)}${message}`);

/** Something already answering on a port would also answer our readiness polls: refuse to start. */
const inUse = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const answer = (used: boolean) => {
      socket.destroy();
      resolve(used);
    };
    socket.setTimeout(1_000);
    socket.once('connect', () => answer(true));
    socket.once('timeout', () => answer(false));
    socket.once('error', () => answer(false));
  });
const busy: string[] = [];
for (const spec of processes) if (await inUse(spec.port)) busy.push(`${spec.name} (${spec.port})`);
if (busy.length > 0) {
  say(`port already in use: ${busy.join(', ')}. Stop what listens there, or choose PORT / IDENTITY_PORT.`);
  process.exit(1);
}

if (!existsSync(`${root}web/dist/index.html`)) {
  say('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface Running {
  spec: ProcessSpec;
  child: ChildProcess;
  exited: Promise<number>;
  done: boolean;
}
const running: Running[] = [];
let stopping = false;

function launch(spec: ProcessSpec, index: number): Running {
  // Own process group: a Ctrl-C in the terminal reaches only this supervisor, which forwards it
  // once; the services treat a second signal as "exit now".
  const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
    cwd: root,
    env: { ...shared, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = prefixOf(spec.name, index);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (stream) createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  const entry: Running = { spec, child, done: false, exited: Promise.resolve(0) };
  entry.exited = new Promise((resolve) => {
    child.on('error', (error) => {
      say(`${spec.name} could not start: ${error.message}`);
      entry.done = true;
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      entry.done = true;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
  void entry.exited.then((code) => {
    if (stopping) return;
    say(`${spec.name} exited (code ${code}); stopping the others`);
    void stopAll(code === 0 ? 1 : code);
  });
  running.push(entry);
  return entry;
}

async function waitReady(entry: Running): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!entry.done && !stopping) {
    try {
      const res = await fetch(entry.spec.readyUrl, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      say(`${entry.spec.name} was not ready at ${entry.spec.readyUrl} within ${READY_TIMEOUT_MS / 1000} s`);
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Stops every process, the last started first, each gracefully (SIGTERM, then SIGKILL after a grace period). */
async function stopAll(exitCode: number, signal: NodeJS.Signals = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  let code = exitCode;
  for (const entry of [...running].reverse()) {
    if (entry.done) continue;
    entry.child.kill(signal);
    const timer = setTimeout(() => {
      say(`${entry.spec.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
      entry.child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    const childCode = await entry.exited;
    clearTimeout(timer);
    if (childCode !== 0 && code === 0) code = childCode;
  }
  process.exit(code);
}

let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    signals += 1;
    if (signals > 1) {
      for (const entry of running) if (!entry.done) entry.child.kill('SIGKILL');
      process.exit(1);
    }
    say(`${signal}: stopping`);
    void stopAll(0, signal);
  });
}
// Never leave a detached child behind, whatever way this process ends (short of SIGKILL).
process.on('exit', () => {
  for (const entry of running) if (!entry.done) entry.child.kill('SIGKILL');
});

for (const [index, spec] of processes.entries()) {
  const entry = launch(spec, index);
  if (!(await waitReady(entry))) {
    if (!stopping) await stopAll(1);
    break;
  }
  say(`${spec.name} is ready`);
}
if (!stopping) say(`Commonwork (cluster mode) is running on http://localhost:${GATEWAY_PORT}`);

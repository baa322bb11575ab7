// `npm run bench:sockets`: many idle signed-in sockets on one realtime replica. The platform runs
// in this process as embedded mode runs it (one realtime replica); the sockets' client ends run in a
// child process (bench/sockets/clients.ts). Measures the replica process's memory per socket and,
// with them all connected, the latency of messages to a 100-member channel. Uses DATABASE_URL and
// NATS_URL when set (PGlite and the in-process bus otherwise).
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { messagingRoutes } from '@commonwork/contracts';
import { loadKeyStore } from '@commonwork/identity';
import { createLogger } from '@commonwork/kit';
import { createTestBus, createTestDatabase } from '@commonwork/kit/testing';
import { startPlatform } from '../deploy/local/platform.ts';
import { percentile } from './load.ts';
import { joinChannel, openChannel, restClient, signUp } from './rest.ts';
import { now, sleep, stepper, watchdog } from './run.ts';
import { writeSection } from './section.ts';
import { pool, positiveSetting } from './settings.ts';
import { startClients } from './sockets/child.ts';

const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const IDLE_SOCKETS = positiveSetting('BENCH_IDLE_SOCKETS', 10_000);
const MEMBERS = positiveSetting('BENCH_MEMBERS', 100);
const SOCKETS_PER_IDLE_PERSON = 100;
const RATE = positiveSetting('BENCH_RATE', 10);
const SECONDS = positiveSetting('BENCH_SECONDS', 10);
const SIGN_UP_CONCURRENCY = 8;
const CONNECT_CONCURRENCY = 50;
const GRACE_MS = 5_000;
const RUN_BUDGET_MS = 600_000;

const step = stepper('bench:sockets');
const stopWatch = watchdog('bench:sockets', RUN_BUDGET_MS);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** This process's memory once garbage is collected (the platform and its replica live here). */
async function settledMemory() {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(200);
  }
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external: external + arrayBuffers };
}

const log = createLogger('bench', 'warn');
const testDatabase = await createTestDatabase();
const testBus = await createTestBus(log);
let clients: ReturnType<typeof startClients> | undefined;
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
try {
  platform = await startPlatform({
    env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_MAX: '100000000', RATE_LIMIT_AUTH_MAX: '100000000' },
    database: testDatabase.database,
    bus: testBus.bus,
    log,
    keys: await loadKeyStore(),
  });
  const api = restClient(platform.url);
  const idlePeople = Math.ceil(IDLE_SOCKETS / SOCKETS_PER_IDLE_PERSON);
  const t0 = performance.now();
  const members = await pool(
    Array.from({ length: MEMBERS }, (_, i) => i),
    SIGN_UP_CONCURRENCY,
    (i) => signUp(api, `Member ${i}`),
  );
  const idle = await pool(
    Array.from({ length: idlePeople }, (_, i) => i),
    SIGN_UP_CONCURRENCY,
    (i) => signUp(api, `Idle ${i}`),
  );
  const [sender] = members;
  if (!sender) throw new Error('no members');
  const { id: channelId, joinLink } = await openChannel(api, sender.token, 'hundred');
  await pool(members.slice(1), SIGN_UP_CONCURRENCY, (m) => joinChannel(api, joinLink, m.token));
  step(
    `${MEMBERS} members in one channel, ${idlePeople} people for the idle sockets, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  clients = startClients();
  const { ask } = clients;

  // Straight to the replica: through the in-process gateway each socket would hold three descriptors here.
  const replicaUrl = platform.services.realtime.url;
  const before = await settledMemory();
  const tConnect = performance.now();
  const idleSockets = Array.from({ length: IDLE_SOCKETS }, (_, i) => ({ token: idle[i % idlePeople]?.token ?? '', member: false }));
  const idleConnected = await ask(
    { kind: 'connect', url: replicaUrl, sockets: idleSockets, concurrency: CONNECT_CONCURRENCY },
    'connected',
  );
  const connectSeconds = (performance.now() - tConnect) / 1000;
  step(
    `${idleConnected.connected} idle sockets connected (${idleConnected.failed} failed${idleConnected.firstError ? `: ${idleConnected.firstError}` : ''}) in ${connectSeconds.toFixed(1)} s`,
  );
  await sleep(2_000);
  const after = await settledMemory();
  const perSocket = (bytes: number) => bytes / Math.max(idleConnected.connected, 1);
  step(
    `memory per idle socket: ${(perSocket(after.rss - before.rss) / 1024).toFixed(1)} KB resident, ${(perSocket(after.heapUsed - before.heapUsed) / 1024).toFixed(1)} KB of heap`,
  );

  const memberConnected = await ask(
    { kind: 'connect', url: replicaUrl, sockets: members.map((m) => ({ token: m.token, member: true })), concurrency: 10 },
    'connected',
  );
  step(`${memberConnected.connected} member sockets connected and joined`);
  const sent = new Map<string, number>();
  const failures: string[] = [];
  const sends: Promise<void>[] = [];
  const tSend = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = tSend + (i * 1000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
    const content = `m-${i}`;
    sent.set(content, now());
    sends.push(
      api.send(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: sender.token, body: { content } }).then((res) => {
        if (res.status !== 201) failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
      }),
    );
  }
  await Promise.all(sends);
  await sleep(GRACE_MS);
  const collected = await ask({ kind: 'collect' }, 'collected');
  const latencies = collected.receipts.flatMap((r) => {
    const at = sent.get(r.content);
    return at === undefined ? [] : [r.at - at];
  });
  latencies.sort((a, b) => a - b);
  const expected = sent.size * memberConnected.connected;
  const result = {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    delivered: latencies.length,
    expected,
  };
  step(
    `messages to ${MEMBERS} members with ${idleConnected.connected} idle sockets connected: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.delivered} of ${expected} delivered`,
  );
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  await writeSection(
    RESULTS_FILE,
    'sockets',
    '# Idle sockets on one realtime replica: benchmark',
    [
      `## Sockets results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
      '',
      `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}; Node ${process.version}; database ${testDatabase.url ? 'PostgreSQL' : 'PGlite'}, bus ${testBus.namespace ? 'NATS JetStream' : 'in-process'}. The platform and its one realtime replica in the bench's process; the clients in a child process, connected straight to the replica (in cluster mode the gateway is a process of its own).`,
      '',
      '| figure | value | target |',
      '|---|--:|---|',
      `| idle signed-in sockets connected | ${idleConnected.connected} of ${IDLE_SOCKETS} (${idlePeople} people, ${SOCKETS_PER_IDLE_PERSON} sockets each), in ${connectSeconds.toFixed(1)} s | 10,000 |`,
      `| memory per socket, resident (RSS delta after GC) | ${kb(perSocket(after.rss - before.rss))} KB | ≤ 50 KB |`,
      `| memory per socket, JS heap | ${kb(perSocket(after.heapUsed - before.heapUsed))} KB | |`,
      `| memory per socket, buffers outside the heap | ${kb(perSocket(after.external - before.external))} KB | |`,
      `| message to a ${MEMBERS}-member channel (REST send → each member's socket), p50 / p99 / max | ${result.p50.toFixed(1)} / ${result.p99.toFixed(1)} / ${result.max.toFixed(1)} ms | |`,
      `| deliveries | ${result.delivered} of ${result.expected} (${sent.size} messages at ${RATE}/s${failures.length ? `; ${failures.length} sends failed: ${failures[0]}` : ''}) | every one |`,
      `| idle sockets dropped meanwhile | ${collected.disconnects} | 0 |`,
      '',
    ].join('\n'),
  );
  step(`results written to ${RESULTS_FILE}`);
} finally {
  clients?.close();
  await platform?.stop();
  await testBus.close();
  await testDatabase.drop();
}
clearTimeout(stopWatch);

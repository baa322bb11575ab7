// `npm run bench:realtime`: message delivery latency across two realtime replicas on Redis, at a
// fixed rate with N sockets, side by side with the raw Redis pub/sub floor and the Socket.IO adapter
// alone. Needs REDIS_URL; uses DATABASE_URL and NATS_URL when set (PGlite and the in-process bus
// otherwise). Loopback only, every loop bounded, everything closed at the end.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, freemem, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ChannelMessagePosted, messagingRoutes } from '@commonwork/contracts';
import { loadKeyStore } from '@commonwork/identity';
import { createLogger, type Subscription, serviceStream } from '@commonwork/kit';
import { createTestBus, createTestDatabase } from '@commonwork/kit/testing';
import { connect as connectNats } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { startPlatform } from '../deploy/local/platform.ts';
import { cpuByPart, processTimes } from './cpu.ts';
import { type MessagingThread, startMessagingThread } from './realtime/messagingThread.ts';
import type { Side } from './realtime/protocol.ts';
import { type MessageTimings, type Replica, type ReplicaSettings, startInlineReplica, startThreadReplica } from './realtime/replica.ts';
import { type RateResult, type RealtimeRun, renderRealtime, writeRealtimeResults } from './realtime/report.ts';
import { hrNow, sleep, summarize } from './realtime/stats.ts';
import { type ConnectResult, type SendResult, type Swarm, type SwarmOptions, startSwarm } from './realtime/swarm.ts';
import { joinChannel, openChannel, restClient, signUp } from './rest.ts';
import { pool, positiveSetting } from './settings.ts';

// BENCH_RESULTS_FILE: somewhere else to write the section (a run to compare, not the record).
const RESULTS_FILE = process.env.BENCH_RESULTS_FILE ?? fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const REQUESTED_SOCKETS = positiveSetting('BENCH_SOCKETS', 1_000);
const SOCKETS_PER_USER = positiveSetting('BENCH_SOCKETS_PER_USER', 20);
/**
 * Message rates, each measured in turn on the same sockets, lowest first (a rate the machine cannot
 * keep up with leaves a backlog behind it). Default 5 and 20 a second: 5,000 and 20,000 socket
 * deliveries a second at 1,000 sockets.
 */
const RATES = (process.env.BENCH_RATES ?? '5,20')
  .split(',')
  .map((r) => Number(r.trim()))
  .sort((x, y) => x - y);
if (RATES.length === 0 || RATES.some((r) => !Number.isInteger(r) || r <= 0)) throw new Error('BENCH_RATES must list positive integers');
const SECONDS = positiveSetting('BENCH_SECONDS', 15);
/**
 * `BENCH_REACTIONS=1`: after each rate's full path, the same again with one reaction for every two
 * messages (REST, by readers, on earlier messages), and the acknowledged messages' figures of both
 * side by side in the log (issue 29: reactions must not slow the message path).
 */
const REACTIONS = process.env.BENCH_REACTIONS === '1';
const FLOOR_RATE = RATES.at(-1) as number;
const SIGN_UP_CONCURRENCY = 8;
const CONNECT_CONCURRENCY = 25;
const CONNECT_BATCH = 50;
/** Replica B's sockets measured for latency, in a thread of their own; the rest only count deliveries. */
const SAMPLE = positiveSetting('BENCH_SAMPLE', 50);
const CONNECT_BUDGET_MS = 90_000;
const GRACE_MS = 10_000;
/** The whole run, set-up and clean-up included, stops by itself after this. */
const RUN_BUDGET_MS = 300_000;
/** File descriptors a socket costs here: its client end and its server end live in this one process. */
const FDS_PER_SOCKET = 2;
const FDS_SPARE = 500;
const PLATFORM_ENV = { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_MAX: '100000000', RATE_LIMIT_AUTH_MAX: '100000000' };

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.error(
    'npm run bench:realtime needs REDIS_URL (the replicas share the Redis adapter), for example\n' +
      '  REDIS_URL=redis://127.0.0.1:6379 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\\n' +
      '  NATS_URL=nats://127.0.0.1:4222 npm run bench:realtime',
  );
  process.exit(2);
}
const natsUrl = process.env.NATS_URL;
const step = (message: string) => console.error(`[bench:realtime] ${message}`);
/** A server's address without credentials or path, for the log and the report. */
const where = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
};
const databaseLabel = process.env.DATABASE_URL ? `PostgreSQL (${where(process.env.DATABASE_URL)})` : 'PGlite (in memory)';
const busLabel = natsUrl ? `NATS JetStream (${where(natsUrl)})` : 'the in-process bus';
step(`database: ${databaseLabel}; bus: ${busLabel}; Redis: ${where(redisUrl)}`);

// Nothing system-wide is raised: the socket count stays within this shell's open-file limit.
const ulimit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || 1024;
const fitting = Math.floor((ulimit - FDS_SPARE) / FDS_PER_SOCKET);
const SOCKETS = Math.min(REQUESTED_SOCKETS, fitting);
const limitNote =
  SOCKETS < REQUESTED_SOCKETS
    ? `\`ulimit -n\` is ${ulimit}, so ${SOCKETS} sockets (2 descriptors each in this process, ${FDS_SPARE} spare) instead of ${REQUESTED_SOCKETS}`
    : null;
if (limitNote) step(limitNote);
const USERS = Math.ceil(SOCKETS / SOCKETS_PER_USER);

const runId = randomBytes(3).toString('hex');
const redisPrefix = `cwbench-${runId}`;
/** Every measured message's clientId starts with this (then the rate, then its index). */
const fullTag = `${runId}f`;
const log = createLogger('bench', 'silent');

// What the run has started, in start order; the clean-up stops what is there, in reverse.
let dropDatabase: (() => Promise<void>) | undefined;
/** The bench's own database: PostgreSQL backends of any other are not its cost. */
let billedDatabase: string | undefined;
let closeBus: (() => Promise<void>) | undefined;
type Platform = Awaited<ReturnType<typeof startPlatform>>;
let platform: Platform | undefined;
let probe: Subscription | undefined;
/** Messaging in a thread of its own (with PostgreSQL and NATS); otherwise the platform's, in the main thread. */
let messagingThread: MessagingThread | undefined;
const replicas: Partial<Record<Side, Replica>> = {};
const swarms: Partial<Record<'sender' | 'reactor' | 'load' | 'sample', Swarm>> = {};

/** With a time bound, so a part that hangs on the way out does not keep the process alive. */
const bounded = <T>(what: string, promise: Promise<T>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

let cleaning: Promise<void> | undefined;
function cleanup() {
  cleaning ??= (async () => {
    const parts: [string, (() => Promise<unknown>) | undefined][] = [
      ['sender', swarms.sender && (() => (swarms.sender as Swarm).close())],
      ['reactor', swarms.reactor && (() => (swarms.reactor as Swarm).close())],
      ['sockets (load)', swarms.load && (() => (swarms.load as Swarm).close())],
      ['sockets (sample)', swarms.sample && (() => (swarms.sample as Swarm).close())],
      ['probe', probe && (() => (probe as Subscription).stop())],
      ['replica A', replicas.A && (() => (replicas.A as Replica).stop())],
      ['replica B', replicas.B && (() => (replicas.B as Replica).stop())],
      ['redis keys', () => deleteKeys(redisUrl as string, redisPrefix)],
      // The platform's own stop, a part at a time, so one that hangs is named and the rest still stop.
      ['gateway', platform && (() => (platform as Platform).gateway.close())],
      ['messaging (thread)', messagingThread && (() => (messagingThread as MessagingThread).stop())],
      ...(['messaging', 'marketplace', 'identity'] as const).map((name): [string, (() => Promise<unknown>) | undefined] => [
        name,
        platform && !(name === 'messaging' && messagingThread) ? () => (platform as Platform).services[name].stop() : undefined,
      ]),
      ['bus', closeBus],
      ['database', dropDatabase],
    ];
    for (const [name, stop] of parts) {
      if (!stop) continue;
      const started = hrNow();
      await bounded(name, stop(), 30_000).catch((error: unknown) => console.error(`[bench:realtime] cleanup, ${name}:`, error));
      const took = hrNow() - started;
      if (took > 2_000) step(`cleanup: ${name} took ${(took / 1000).toFixed(1)} s`);
    }
  })();
  return cleaning;
}

const watchdog = setTimeout(() => {
  step(`over the ${RUN_BUDGET_MS / 1000} s budget: stopping`);
  process.exitCode = 1;
  void cleanup().finally(() => process.exit(1));
}, RUN_BUDGET_MS);
process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

/** Removes this run's Redis keys (presence, ordering), a bounded SCAN. */
async function deleteKeys(url: string, prefix: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    for (let i = 0; i < 10_000; i++) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1_000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } finally {
    await redis.quit();
  }
}

async function machineFacts(database: Awaited<ReturnType<typeof createTestDatabase>>['database']) {
  const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
  const info = await redis.info('server').finally(() => redis.quit());
  let postgres: string | null = null;
  if (database.kind === 'postgres') {
    const { rows } = await sql<{ server_version: string }>`show server_version`.execute(database.root);
    postgres = rows[0]?.server_version ?? '?';
  }
  let nats: string | null = null;
  if (natsUrl) {
    const nc = await connectNats({ servers: natsUrl });
    nats = nc.info?.version ?? '?';
    await nc.close();
  }
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(freemem() / 2 ** 30).toFixed(1)} GiB free at the end`,
    node: process.version,
    redis: /redis_version:(\S+)/.exec(info)?.[1] ?? '?',
    postgres,
    nats,
    ulimit,
  };
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** Waits (at most a minute) until one replica or the other has begun handling each of these messages; the ms it took. */
async function settled(clientIds: string[]): Promise<number> {
  const { A, B } = replicas as Record<Side, Replica>;
  const started = hrNow();
  while (hrNow() - started < 60_000) {
    const handled = new Set<string>();
    for (const replica of [A, B]) for (const [clientId, t] of await replica.timings()) if (t.handling !== undefined) handled.add(clientId);
    if (clientIds.every((id) => handled.has(id))) break;
    await sleep(250);
  }
  return hrNow() - started;
}

/**
 * Event-loop utilisation of the main thread and both replicas over one phase, and the CPU each part
 * spent (ms): the server (this process: the services and both replica threads), PostgreSQL, NATS,
 * Redis, and the client sockets (the swarms' processes), apart.
 */
async function utilisation<T>(
  phase: () => Promise<T>,
): Promise<{ result: T; main: number; messaging: number; A: number; B: number; cpu: Record<string, number> }> {
  const { A, B } = replicas as Record<Side, Replica>;
  await Promise.all([A.eluBegin(), B.eluBegin(), messagingThread?.eluBegin()]);
  const start = performance.eventLoopUtilization();
  const cpuBefore = processTimes();
  const result = await phase();
  const byPart = cpuByPart(
    {},
    cpuBefore,
    Object.fromEntries(Object.entries(swarms).map(([name, swarm]) => [`clients ${name}`, swarm?.pid])),
    billedDatabase,
  );
  const cpu: Record<string, number> = {};
  for (const [part, ms] of Object.entries(byPart)) {
    const name = part === 'bench client' ? 'server process' : part.startsWith('clients ') ? 'clients' : part;
    cpu[name] = (cpu[name] ?? 0) + ms;
  }
  const main = performance.eventLoopUtilization(performance.eventLoopUtilization(), start).utilization;
  const [a, b, messaging] = await Promise.all([A.eluEnd(), B.eluEnd(), messagingThread?.eluEnd() ?? Number.NaN]);
  return { result, main, messaging, A: a, B: b, cpu };
}

try {
  const setupStarted = hrNow();
  const testDatabase = await createTestDatabase();
  dropDatabase = testDatabase.drop;
  billedDatabase = testDatabase.url && new URL(testDatabase.url).pathname.slice(1);
  const { database } = testDatabase;
  const testBus = await createTestBus(log);
  closeBus = testBus.close;
  const { bus } = testBus;
  const keys = await loadKeyStore();
  platform = await startPlatform({
    env: PLATFORM_ENV,
    database,
    bus,
    log,
    keys,
  });
  const gatewayUrl = platform.url;
  const api = restClient(gatewayUrl);
  // The embedded replica (in-memory adapter) would take a share of the shared consumer's events
  // and emit them where no socket of this bench is: the two Redis replicas get the consumer alone.
  await platform.services.realtime.stop();
  if (natsUrl && testBus.namespace && testDatabase.url) {
    // Messaging moves to a thread of its own at the same address (the gateway keeps sending there),
    // as it is a process of its own in cluster mode: the sends' acks then wait on messaging alone.
    const { port } = new URL(platform.services.messaging.url);
    await platform.services.messaging.stop();
    messagingThread = await startMessagingThread({
      port: Number(port),
      databaseUrl: testDatabase.url,
      natsUrl,
      natsNamespace: testBus.namespace,
      identityUrl: platform.services.identity.url,
      env: PLATFORM_ENV,
    });
  }
  const settings: ReplicaSettings = {
    identityUrl: platform.services.identity.url,
    messagingUrl: platform.services.messaging.url,
    redisUrl,
    redisPrefix,
    clientIdPrefix: fullTag,
  };
  const start = () =>
    natsUrl && testBus.namespace
      ? startThreadReplica(settings, { url: natsUrl, namespace: testBus.namespace })
      : startInlineReplica(settings, bus);
  replicas.A = await start();
  replicas.B = await start();
  const { A, B } = replicas as Record<Side, Replica>;
  step(
    `platform and two replicas (${A.layout === 'thread' ? 'each in a worker thread' : 'in the main thread'}) up in ${((hrNow() - setupStarted) / 1000).toFixed(1)} s (A ${A.url}, B ${B.url})`,
  );

  // A probe for the stage breakdown, outside the services: when each message's event reaches a
  // durable of the bench's own on the bus. (The replicas time their own hand-over to the adapter.)
  const onBus = new Map<string, number>();
  const { stream, subjects } = serviceStream('messaging');
  probe = await bus.consume({
    stream,
    durable: 'bench-probe',
    filterSubject: subjects[0] ?? 'messaging.>',
    handle: async ({ envelope }) => {
      if (envelope.type !== ChannelMessagePosted.type) return;
      const clientId = (envelope.data as { message?: { clientId?: string | null } }).message?.clientId;
      if (clientId?.startsWith(fullTag) && !onBus.has(clientId)) onBus.set(clientId, hrNow());
    },
  });

  // People, a channel, its members: all through the gateway's REST API.
  const signUpStarted = hrNow();
  const { token: senderToken } = await signUp(api, 'Bench Sender');
  const { id: channelId, joinLink } = await openChannel(api, senderToken, 'bench');
  const tokens = await pool(
    Array.from({ length: USERS }, (_, i) => i + 1),
    SIGN_UP_CONCURRENCY,
    async (i) => {
      const { token } = await signUp(api, `Bench Reader ${i}`);
      await joinChannel(api, joinLink, token);
      return token;
    },
  );
  const signUpMs = hrNow() - signUpStarted;
  step(`${USERS + 1} people signed up, ${USERS} joined the channel by link, in ${(signUpMs / 1000).toFixed(1)} s`);

  // Sockets: person i % USERS, the first half on A and the rest on B, so each person has devices on
  // both. Every (B sockets / BENCH_SAMPLE)-th socket of B goes to the measuring swarm, the rest to the load swarm;
  // they connect in interleaved batches, so the sample is spread through the room's order on B.
  const loadSockets: SwarmOptions['sockets'] = [];
  const sampleSockets: SwarmOptions['sockets'] = [];
  const batches: { load: { from: number; to: number }; sample: { from: number; to: number } }[] = [];
  const sampleEvery = Math.max(1, Math.floor(SOCKETS / 2 / SAMPLE));
  for (let start = 0, bIndex = 0; start < SOCKETS; start += CONNECT_BATCH) {
    const from = { load: loadSockets.length, sample: sampleSockets.length };
    for (let i = start; i < Math.min(SOCKETS, start + CONNECT_BATCH); i++) {
      const spec = { token: tokens[i % USERS] as string, replica: (i < SOCKETS / 2 ? 'A' : 'B') as Side };
      const sampled = spec.replica === 'B' && bIndex++ % sampleEvery === 0 && sampleSockets.length < SAMPLE;
      (sampled ? sampleSockets : loadSockets).push(spec);
    }
    batches.push({
      load: { from: from.load, to: loadSockets.length },
      sample: { from: from.sample, to: sampleSockets.length },
    });
  }
  const common = { urls: { A: A.url, B: B.url }, channelId, redisUrl, connectConcurrency: CONNECT_CONCURRENCY };
  // The sender has a thread of its own: in the load swarm, its acks waited behind that thread
  // decoding every frame of 950 sockets, so send → ack measured the load thread's queue as much as
  // the server's path (the measuring sample is apart for the same reason). The reactions' REST
  // client too: in the main thread it shared the event loop of the services it measures.
  swarms.sender = startSwarm({ ...common, name: 'sender', senderToken, sockets: [] });
  if (REACTIONS) swarms.reactor = startSwarm({ ...common, name: 'reactor', sockets: [] });
  swarms.load = startSwarm({ ...common, name: 'load', sockets: loadSockets });
  swarms.sample = startSwarm({ ...common, name: 'sample', sockets: sampleSockets });
  const { sender, reactor, load, sample } = swarms as Record<'sender' | 'reactor' | 'load' | 'sample', Swarm>;
  await sender.connect({ from: 0, to: 0 });
  const connectStarted = hrNow();
  const connected: ConnectResult & { ms: number } = { connected: { A: 0, B: 0 }, failed: 0, firstError: null, ms: 0 };
  for (const batch of batches) {
    if (hrNow() - connectStarted > CONNECT_BUDGET_MS) {
      connected.failed += batch.load.to - batch.load.from + batch.sample.to - batch.sample.from;
      continue;
    }
    const answers = await Promise.all([
      batch.load.to > batch.load.from ? load.connect(batch.load) : null,
      batch.sample.to > batch.sample.from ? sample.connect(batch.sample) : null,
    ]);
    for (const answer of answers) {
      if (!answer) continue;
      connected.connected.A += answer.connected.A;
      connected.connected.B += answer.connected.B;
      connected.failed += answer.failed;
      connected.firstError ??= answer.firstError;
    }
  }
  connected.ms = hrNow() - connectStarted;
  step(
    `${connected.connected.A + connected.connected.B} sockets connected and joined (A ${connected.connected.A}, B ${connected.connected.B} ` +
      `of which ${sampleSockets.length} measured, ${connected.failed} failed${connected.firstError ? `: ${connected.firstError}` : ''}) ` +
      `in ${(connected.ms / 1000).toFixed(1)} s`,
  );
  if (connected.connected.B === 0 || connected.connected.A === 0) throw new Error('no sockets on one of the replicas');
  await sleep(2_000); // presence announcements of the connects settle
  const loadBefore = loadAverage();

  // 1. The floor: raw Redis pub/sub, nothing else running.
  const floorIdle = await sample.floor({ rate: FLOOR_RATE, count: FLOOR_RATE * SECONDS, channel: `${redisPrefix}:floor-alone` });
  step(`Redis floor: p50 ${floorIdle.latency.p50.toFixed(2)} ms, p99 ${floorIdle.latency.p99.toFixed(2)} ms`);

  const room = `channel:${channelId}`;
  const rates: RateResult[] = [];
  for (const rate of RATES) {
    const count = rate * SECONDS;
    const warmup = Math.min(rate, 20);
    const all = Array.from({ length: count }, (_, i) => i);
    // 2. The Socket.IO adapter alone: an emit to the channel's room on A, received on B's sockets.
    await A.pings({ room, tag: 'warm-up', count: warmup, rate });
    await sleep(500);
    const adapterTag = `${runId}a${rate}`;
    const adapterRun = await utilisation(async () => {
      await Promise.all([load.track({ kind: 'pings', tag: adapterTag }), sample.track({ kind: 'pings', tag: adapterTag })]);
      const elapsedMs = await A.pings({ room, tag: adapterTag, count, rate });
      const [s, l] = await Promise.all([
        sample.collect({ kind: 'pings', expected: all, graceMs: GRACE_MS }),
        load.collect({ kind: 'pings', expected: all, graceMs: GRACE_MS }),
      ]);
      return { elapsedMs, sample: s, load: l };
    });
    const adapter = adapterRun.result;
    step(
      `${rate}/s, adapter only, A → B (sample): p50 ${adapter.sample.sides.B.latency.p50.toFixed(2)} ms, ` +
        `p99 ${adapter.sample.sides.B.latency.p99.toFixed(2)} ms`,
    );

    // 3. The full path, with a second Redis floor measured alongside (in the measuring swarm), and
    // whatever else `alongside` sends at the same time (reactions).
    const fullPath = <T>(tag: string, alongside: () => Promise<T>) =>
      utilisation(async () => {
        await Promise.all([load.track({ kind: 'messages', tag }), sample.track({ kind: 'messages', tag })]);
        const [sent, floor, besides] = await Promise.all([
          sender.send({ tag, rate, count, warmup }),
          sample.floor({ rate, count, channel: `${redisPrefix}:floor-${tag}` }),
          alongside(),
        ]);
        const acked = sent.messages.map((m, i) => (m.ok ? i : -1)).filter((i) => i >= 0);
        const sentAt = sent.messages.map((m) => m.sentAt);
        const [s, l] = await Promise.all([
          sample.collect({ kind: 'messages', expected: acked, sentAt, graceMs: GRACE_MS }),
          load.collect({ kind: 'messages', expected: acked, sentAt, graceMs: GRACE_MS }),
        ]);
        return { sent, floor, acked, sample: s, load: l, besides };
      });
    const tag = `${fullTag}${rate}`;
    const fullRun = await fullPath(tag, async () => null);
    const full = fullRun.result;
    step(
      `${rate}/s, full path, A → B (sample): p50 ${full.sample.sides.B.latency.p50.toFixed(2)} ms, ` +
        `p99 ${full.sample.sides.B.latency.p99.toFixed(2)} ms; ${full.acked.length} of ${count} sends acknowledged`,
    );
    if (REACTIONS) {
      // The same path again with reactions on the messages just sent; the figures of both side by
      // side. It starts once the replicas have handled every message of the run before (at a rate
      // this machine cannot keep up with, a backlog of seconds), so it does not pay for that one's.
      const settleMs = await settled(full.sent.messages.filter((m) => m.ok).map((m) => m.clientId));
      step(`${rate}/s: the replicas handled the previous run's backlog in ${(settleMs / 1000).toFixed(1)} s`);
      const recent = await api.call(messagingRoutes.channelMessages, {
        params: { id: channelId },
        query: { limit: 100 },
        token: senderToken,
      });
      const mixedRun = await fullPath(`${tag}r`, () =>
        reactor.react({
          gatewayUrl,
          messageIds: recent.data.messages.map((m) => m.id),
          tokens,
          rate: rate / 2,
          count: Math.floor(count / 2),
        }),
      );
      const mixed = mixedRun.result;
      const ackOf = (run: { acked: number[]; sent: SendResult }) =>
        summarize(run.acked.map((i) => (run.sent.messages[i]?.ackAt ?? Number.NaN) - (run.sent.messages[i]?.sentAt ?? 0)));
      for (const [label, { result: run, ...used }] of [
        ['without reactions', fullRun],
        [`with ${rate / 2}/s reactions`, mixedRun],
      ] as const) {
        const ack = ackOf(run);
        const delivered = run.sample.sides.B.latency;
        const { frames, changes, sockets } = run.sample.changeFrames;
        // What the phase cost, apart from its latencies (the machine is shared: CPU is what a change costs, not a timing).
        const cpu = Object.entries(used.cpu)
          .map(([part, ms]) => `${part} ${(ms / 1000).toFixed(1)} s`)
          .join(', ');
        step(
          `${rate}/s ${label}: ${run.acked.length} of ${count} acknowledged; send → ack p50 ${ack.p50.toFixed(2)} ms, p99 ${ack.p99.toFixed(2)} ms; ` +
            `send → socket on B p50 ${delivered.p50.toFixed(2)} ms, p99 ${delivered.p99.toFixed(2)} ms; ` +
            `change frames per sampled socket ${(frames / Math.max(1, sockets)).toFixed(0)} (covering ${(changes / Math.max(1, sockets)).toFixed(0)} changes); ` +
            `event-loop utilisation main ${used.main.toFixed(2)}, messaging ${used.messaging.toFixed(2)}, A ${used.A.toFixed(2)}, B ${used.B.toFixed(2)}; CPU ${cpu}`,
        );
      }
      const reactions = mixed.besides;
      if (reactions)
        step(
          `${rate}/s reactions: ${reactions.latency.count} answered (failed: ${JSON.stringify(reactions.failed)}), p50 ${reactions.latency.p50.toFixed(2)} ms, ` +
            `p99 ${reactions.latency.p99.toFixed(2)} ms`,
        );
    }
    rates.push({
      rate,
      adapter: { sent: count, sample: adapter.sample, load: adapter.load },
      full: { sent: count, send: full.sent, floor: full.floor, sample: full.sample, load: full.load },
      stages: [],
      handledBy: { A: 0, B: 0 },
      utilisation: {
        adapter: {
          main: adapterRun.main,
          messaging: adapterRun.messaging,
          A: adapterRun.A,
          B: adapterRun.B,
          load: adapter.load.elu,
          sample: adapter.sample.elu,
        },
        full: {
          main: fullRun.main,
          messaging: fullRun.messaging,
          A: fullRun.A,
          B: fullRun.B,
          load: full.load.elu,
          sample: full.sample.elu,
        },
      },
      cpu: { adapter: adapterRun.cpu, full: fullRun.cpu },
    });
    // Stages of each acknowledged message, from the probes: the bench's durable on the bus, each
    // replica's own timings, and the receipts on the sample's sockets.
    const timings = new Map<string, MessageTimings & { side: Side }>();
    for (const side of ['A', 'B'] as const) {
      for (const [clientId, t] of await (replicas[side] as Replica).timings()) timings.set(clientId, { ...t, side });
    }
    const r = rates.at(-1) as RateResult;
    const messages = full.acked.map((i, n) => {
      const m = full.sent.messages[i] as SendResult['messages'][number];
      const receipts = full.sample.receiptsB[n] ?? [];
      const t = timings.get(m.clientId);
      return {
        ...m,
        bus: onBus.get(m.clientId) ?? Number.NaN,
        handling: t?.handling ?? Number.NaN,
        emitted: t?.emitted ?? Number.NaN,
        side: t?.side,
        receipts,
        first: receipts.length ? Math.min(...receipts) : Number.NaN,
        last: receipts.length ? Math.max(...receipts) : Number.NaN,
      };
    });
    const of = (values: number[]) => summarize(values.filter((n) => !Number.isNaN(n)));
    r.stages = [
      {
        name: 'send → `message-sent` ack (persisted: realtime → messaging HTTP, PostgreSQL transaction, answer)',
        summary: of(messages.map((m) => (m.ackAt ?? Number.NaN) - m.sentAt)),
      },
      {
        name: 'send → event on the bus (a durable of the bench: + outbox relay, bus publish and delivery)',
        summary: of(messages.map((m) => m.bus - m.sentAt)),
      },
      {
        name: 'send → the shared consumer begins handling it on a replica (+ its queue there)',
        summary: of(messages.map((m) => m.handling - m.sentAt)),
      },
      {
        name: 'handling begins → `new-message` handed to the adapter (ordering gate: waiting for the predecessor, Redis round trips)',
        summary: of(messages.map((m) => m.emitted - m.handling)),
      },
      { name: 'handed to the adapter → first sampled socket on B', summary: of(messages.map((m) => m.first - m.emitted)) },
      {
        name: 'first → last sampled socket on B (fan-out through B’s room order)',
        summary: of(messages.map((m) => m.last - m.first)),
      },
      { name: 'send → first sampled socket on B', summary: of(messages.map((m) => m.first - m.sentAt)) },
      {
        name: 'event on the bus → each sampled socket on B (the broadcast after the commit; one sample per message and socket)',
        summary: of(messages.flatMap((m) => m.receipts.map((at) => at - m.bus))),
      },
    ];
    for (const m of messages) if (m.side && !Number.isNaN(m.emitted)) r.handledBy[m.side]++;
  }
  const loadAfter = loadAverage();

  const run: RealtimeRun = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    machine: { ...(await machineFacts(database)), loadBefore, loadAfter },
    database: databaseLabel,
    bus: busLabel,
    layout: A.layout,
    messagingLayout: messagingThread ? 'thread' : 'main thread',
    users: USERS,
    socketsPerUser: SOCKETS_PER_USER,
    requestedSockets: REQUESTED_SOCKETS,
    limitNote,
    connect: connected,
    setupMs: { signUp: signUpMs },
    seconds: SECONDS,
    graceMs: GRACE_MS,
    floorIdle,
    rates,
  };
  const markdown = renderRealtime(run);
  console.log(markdown);
  await writeRealtimeResults(RESULTS_FILE, markdown);
  step(`results written to ${RESULTS_FILE}`);
} catch (error) {
  console.error('[bench:realtime] failed:', error);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
step(`stopped; ${process.env.DATABASE_URL ? 'test database dropped' : 'PGlite closed'}${natsUrl ? ', JetStream namespace deleted' : ''}`);
// A part that failed half-way through starting may leave a handle open: end the run anyway.
process.exit(process.exitCode ?? 0);

// `npm run bench:posts`: channel posts over REST through the gateway, in cluster mode as
// start:cluster runs it (two replicas of every service, on a database of its own on DATABASE_URL and
// a NATS and a Redis of its own). 20 people post one request at a time each, first each into a
// channel of their own, then all into one channel; every post must be acknowledged and counted once.
// Reports posts/s, the acknowledgement's latency and the CPU each part of the platform spent per post.
// BENCH_COUNT=1: also what each phase asked of PostgreSQL, Redis and NATS per post (bench/phaseCounts.ts;
// statements need a server that preloads pg_stat_statements), each phase started and ended with the
// cluster settled, printed and written to BENCH_COUNTS_FILE when given.
// BENCH_RESULTS_FILE: somewhere else to write the section (a run to compare, not the record).
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { messagingRoutes } from '@commonwork/contracts';
import pg from 'pg';
import { startFaultCluster } from '../faults/cluster.ts';
import { cpuByPart, processTimes } from './cpu.ts';
import { percentile } from './load.ts';
import { phaseCounter, renderCounts } from './phaseCounts.ts';
import { joinChannel, openChannel, restClient, signUp } from './rest.ts';
import { requirePostgres, stepper, watchdog } from './run.ts';
import { writeSection } from './section.ts';
import { positiveSetting } from './settings.ts';

const RESULTS_FILE = process.env.BENCH_RESULTS_FILE ?? fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const COUNTING = process.env.BENCH_COUNT === '1';
const SENDERS = positiveSetting('BENCH_SENDERS', 20);
const POSTS_EACH = positiveSetting('BENCH_POSTS_EACH', 60);
const WARMUP_EACH = 5;
/**
 * The idle reading's length: long enough to average the bursts an idle process still has (V8
 * collecting on every thread of a replica at once, 60-90 ms of CPU each, every 10-30 s in the first
 * minute after start-up, read per thread from /proc), which a 10 s window caught or missed by chance.
 */
const IDLE_SECONDS = 30;
/** After start-up, before the idle reading: what start-up set going (first relay rounds, JIT) settles. */
const SETTLE_MS = 20_000;
/** The whole run stops by itself after this, whatever happens. */
const RUN_BUDGET_MS = 600_000;

const databaseUrl = requirePostgres('bench:posts');
const step = stepper('bench:posts');
const stopWatch = watchdog('bench:posts', RUN_BUDGET_MS);

interface Phase {
  name: string;
  posts: number;
  acknowledged: number;
  failures: string[];
  seconds: number;
  postsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  cpuMsPerPost: Record<string, number>;
  counted: boolean;
}

/**
 * What one round trip to PostgreSQL costs on this machine, the unit of most of a post's work:
 * CPU in this process (pg's protocol, promises) and in the server's backend, per `select $1`.
 */
async function roundTripCost(url: string, count = 3_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backendMs = () => processTimes().get(rows[0]?.pid ?? 0)?.ms ?? 0;
    for (let i = 0; i < 300; i++) await client.query('select $1::int', [i]);
    const [backend, own, t0] = [backendMs(), process.cpuUsage(), performance.now()];
    for (let i = 0; i < count; i++) await client.query('select $1::int', [i]);
    const used = process.cpuUsage(own);
    return {
      wallUs: ((performance.now() - t0) * 1000) / count,
      clientUs: (used.user + used.system) / count,
      serverUs: ((backendMs() - backend) * 1000) / count,
    };
  } finally {
    await client.end();
  }
}

const started = performance.now();
const roundTrip = await roundTripCost(databaseUrl);
step(
  `one round trip to PostgreSQL: ${roundTrip.wallUs.toFixed(0)} µs, CPU ${roundTrip.clientUs.toFixed(0)} µs here and ${roundTrip.serverUs.toFixed(0)} µs in PostgreSQL`,
);
step('starting the cluster (start:cluster layout, two replicas per service)');
const cluster = await startFaultCluster((line) => step(line));
let counter: Awaited<ReturnType<typeof phaseCounter>> | null = null;
try {
  await cluster.ready();
  step(`cluster ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);
  // What the cluster spends doing nothing (readiness probes, relay polls, consumer heartbeats), for scale.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const idleBefore = processTimes();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = Object.fromEntries(
    Object.entries(cpuByPart(cluster.supervisor.pids(), idleBefore, {}, cluster.database)).map(([part, ms]) => [part, ms / IDLE_SECONDS]),
  );
  step(
    `idle: ${Object.values(idle)
      .reduce((a, b) => a + b, 0)
      .toFixed(0)} ms of CPU a second`,
  );
  counter = COUNTING
    ? await phaseCounter({
        databaseUrl,
        redisUrl: cluster.redis.url,
        natsUrl: cluster.nats.url,
        ...(process.env.BENCH_NATS_MONITOR && { natsMonitor: process.env.BENCH_NATS_MONITOR }),
      })
    : null;
  const countsRendered: string[] = [];
  const api = restClient(cluster.url);
  const people = await Promise.all(Array.from({ length: SENDERS }, (_, i) => signUp(api, `Poster ${i + 1}`)));
  const [owner] = people;
  if (!owner) throw new Error('no senders');
  const createChannel = async (name: string) => {
    const { id, joinLink } = await openChannel(api, owner.token, name);
    for (const person of people.slice(1)) await joinChannel(api, joinLink, person.token);
    return id;
  };
  const own = await Promise.all(people.map((_, i) => createChannel(`spread-${i + 1}`)));
  const hot = await createChannel('hot');
  step(`${SENDERS} people, ${own.length + 1} channels of ${SENDERS} members`);

  /** Each sender posts `count` messages one after another into the channel `channelOf` gives it. */
  const post = async (channelOf: (sender: number) => string, count: number, latencies: number[], failures: string[]) => {
    let acknowledged = 0;
    await Promise.all(
      people.map(async (person, sender) => {
        for (let i = 0; i < count; i++) {
          const sent = performance.now();
          const res = await api.send(messagingRoutes.postChannelMessage, {
            params: { id: channelOf(sender) },
            token: person.token,
            body: { content: `post ${i} from ${sender}`, clientId: `${sender}-${i}-${sent}` },
          });
          latencies.push(performance.now() - sent);
          if (res.status === 201) acknowledged++;
          else failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }),
    );
    return acknowledged;
  };

  /** The messages each of these channels says it holds. */
  const messageCounts = async (channels: string[]) => {
    const res = await api.send(messagingRoutes.listChannels, { token: owner.token });
    const list = res.body.data ?? [];
    return channels.map((id) => list.find((c) => c.id === id)?.messageCount ?? Number.NaN);
  };

  const phase = async (name: string, channelOf: (sender: number) => string, channels: string[]): Promise<Phase> => {
    await post(channelOf, WARMUP_EACH, [], []);
    const before = await messageCounts(channels);
    const latencies: number[] = [];
    const failures: string[] = [];
    const counting = await counter?.start();
    const cpuBefore = processTimes();
    const t0 = performance.now();
    const acknowledged = await post(channelOf, POSTS_EACH, latencies, failures);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuByPart(cluster.supervisor.pids(), cpuBefore, {}, cluster.database);
    if (counting) {
      const counts = renderCounts(name, await counting.finish(), acknowledged);
      countsRendered.push(counts);
      console.error(counts);
    }
    const after = await messageCounts(channels);
    const added = after.reduce<number>((sum, n, i) => sum + ((n ?? 0) - (before[i] ?? 0)), 0);
    const sorted = latencies.sort((a, b) => a - b);
    const cpuMsPerPost = Object.fromEntries(Object.entries(cpu).map(([part, ms]) => [part, ms / Math.max(acknowledged, 1)]));
    const result = {
      name,
      posts: latencies.length,
      acknowledged,
      failures,
      seconds,
      postsPerSecond: acknowledged / seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
      cpuMsPerPost,
      counted: added === acknowledged,
    };
    step(
      `${name}: ${result.postsPerSecond.toFixed(0)} posts/s, ack p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
        `${acknowledged} of ${result.posts} acknowledged, ${added} counted`,
    );
    return result;
  };

  const spread = await phase(`${SENDERS} channels, one sender each`, (sender) => own[sender] ?? hot, own);
  const one = await phase(`one channel, ${SENDERS} senders`, () => hot, [hot]);
  if (process.env.BENCH_COUNTS_FILE) await writeFile(process.env.BENCH_COUNTS_FILE, countsRendered.join('\n'));
  await writeSection(RESULTS_FILE, 'posts', '# Channel posts over REST: benchmark', render([spread, one], idle, roundTrip));
  step(`results written to ${RESULTS_FILE}`);
} finally {
  await counter?.close();
  await cluster.stop();
}
clearTimeout(stopWatch);

function render(phases: Phase[], idle: Record<string, number>, roundTrip: Awaited<ReturnType<typeof roundTripCost>>) {
  const ms = (n: number) => n.toFixed(1);
  const parts = [...new Set(phases.flatMap((p) => Object.keys(p.cpuMsPerPost)))].sort();
  const total = (p: Phase) => Object.values(p.cpuMsPerPost).reduce((a, b) => a + b, 0);
  return [
    `## Posts results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load before ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; Node ${process.version}. Cluster mode (two replicas per service), ${SENDERS} senders, one request at a time each, ${POSTS_EACH} posts each after ${WARMUP_EACH} to warm up.`,
    '',
    `One round trip to PostgreSQL (\`select $1\`, one connection, one at a time): ${roundTrip.wallUs.toFixed(0)} µs, of which CPU ${roundTrip.clientUs.toFixed(0)} µs in the client and ${roundTrip.serverUs.toFixed(0)} µs in PostgreSQL.`,
    '',
    '| load | posts/s | ack p50 (ms) | ack p99 (ms) | max (ms) | acknowledged | counted once |',
    '|---|--:|--:|--:|--:|--:|---|',
    ...phases.map(
      (p) =>
        `| ${p.name} | ${p.postsPerSecond.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)} | ${ms(p.max)} | ${p.acknowledged} of ${p.posts} | ${p.counted ? 'yes' : 'NO'} |`,
    ),
    '',
    '### CPU per post, by part (ms)',
    '',
    `| part | ${phases.map((p) => p.name).join(' | ')} | idle, ms a second |`,
    `|---|${phases.map(() => '--:').join('|')}|--:|`,
    ...parts.map((part) => `| ${part} | ${phases.map((p) => ms(p.cpuMsPerPost[part] ?? 0)).join(' | ')} | ${ms(idle[part] ?? 0)} |`),
    `| all | ${phases.map((p) => ms(total(p))).join(' | ')} | ${ms(Object.values(idle).reduce((a, b) => a + b, 0))} |`,
    '',
    ...phases.flatMap((p) => (p.failures.length ? [`Failures in "${p.name}": ${p.failures.slice(0, 5).join('; ')}`, ''] : [])),
  ].join('\n');
}

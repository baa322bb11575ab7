// `npm run bench:posts`: channel posts over REST through the gateway, in cluster mode as
// start:cluster runs it (two replicas of every service, on a database of its own on DATABASE_URL and
// a NATS and a Redis of its own). 20 people post one request at a time each, first each into a
// channel of their own, then all into one channel; every post must be acknowledged and counted once.
// Reports posts/s, the acknowledgement's latency and the CPU each part of the platform spent per post.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startFaultCluster } from '../faults/cluster.ts';
import { percentile } from './load.ts';
import { restClient, signUp } from './rest.ts';
import { writeSection } from './section.ts';

const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const SENDERS = positive('BENCH_SENDERS', 20);
const POSTS_EACH = positive('BENCH_POSTS_EACH', 60);
const WARMUP_EACH = 5;
const IDLE_SECONDS = 10;
/** The whole run stops by itself after this, whatever happens. */
const RUN_BUDGET_MS = 600_000;
const TICKS_PER_SECOND = 100;

if (!process.env.DATABASE_URL) {
  console.error('npm run bench:posts runs on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:posts');
  process.exit(2);
}
const step = (message: string) => console.error(`[bench:posts] ${message}`);
const watchdog = setTimeout(() => {
  step(`still running after ${RUN_BUDGET_MS / 1000} s: stopping`);
  process.exit(1);
}, RUN_BUDGET_MS);
watchdog.unref();

/** CPU time (ms) of every process on the machine, by pid, with its parent and name. */
function processTimes() {
  const times = new Map<number, { ppid: number; comm: string; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      times.set(Number(entry), { ppid: Number(fields[1]), comm, ms });
    } catch {
      // The process ended while we looked.
    }
  }
  return times;
}

/** CPU ms per part of the platform: each supervised process, PostgreSQL, NATS, Redis, this bench. */
function cpuByPart(pids: Record<string, number | undefined>) {
  const times = processTimes();
  const byPid = new Map(Object.entries(pids).flatMap(([name, pid]) => (pid ? [[pid, name] as const] : [])));
  const parts: Record<string, number> = {};
  const add = (part: string, ms: number) => {
    parts[part] = (parts[part] ?? 0) + ms;
  };
  for (const [pid, { comm, ms }] of times) {
    const supervised = byPid.get(pid);
    if (supervised) add(supervised.replace(/-\d+$/, ''), ms);
    else if (comm === 'postgres') add('PostgreSQL', ms);
    else if (comm === 'nats-server') add('NATS', ms);
    else if (comm === 'redis-server') add('Redis', ms);
    else if (pid === process.pid) add('bench client', ms);
  }
  return parts;
}

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

const started = performance.now();
step('starting the cluster (start:cluster layout, two replicas per service)');
const cluster = await startFaultCluster((line) => step(line));
try {
  await cluster.ready();
  step(`cluster ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);
  const call = restClient(cluster.url);
  const people = await Promise.all(Array.from({ length: SENDERS }, (_, i) => signUp(call, `Poster ${i + 1}`)));
  const [owner] = people;
  if (!owner) throw new Error('no senders');
  const createChannel = async (name: string) => {
    const created = await call('POST', '/api/chat/channels', { token: owner.token, body: { name, type: 'public' } });
    const id = created.body?.data?.id as string | undefined;
    if (created.status !== 201 || !id) throw new Error(`creating a channel answered ${created.status}`);
    const link = await call('POST', `/api/chat/channels/${id}/join-link`, { token: owner.token });
    for (const person of people.slice(1)) {
      const joined = await call('POST', `/api/chat/join/channel/${link.body?.data?.joinLink}`, { token: person.token });
      if (joined.status !== 200) throw new Error(`joining answered ${joined.status}`);
    }
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
          const res = await call('POST', `/api/chat/channels/${channelOf(sender)}/messages`, {
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
    const res = await call('GET', '/api/chat/channels', { token: owner.token });
    const list = (res.body?.data ?? []) as { id: string; messageCount: number }[];
    return channels.map((id) => list.find((c) => c.id === id)?.messageCount ?? Number.NaN);
  };

  const phase = async (name: string, channelOf: (sender: number) => string, channels: string[]): Promise<Phase> => {
    await post(channelOf, WARMUP_EACH, [], []);
    const before = await messageCounts(channels);
    const latencies: number[] = [];
    const failures: string[] = [];
    const cpuBefore = cpuByPart(cluster.supervisor.pids());
    const t0 = performance.now();
    const acknowledged = await post(channelOf, POSTS_EACH, latencies, failures);
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = cpuByPart(cluster.supervisor.pids());
    const after = await messageCounts(channels);
    const added = after.reduce<number>((sum, n, i) => sum + ((n ?? 0) - (before[i] ?? 0)), 0);
    const sorted = latencies.sort((a, b) => a - b);
    const cpuMsPerPost = Object.fromEntries(
      Object.entries(cpuAfter).map(([part, ms]) => [part, (ms - (cpuBefore[part] ?? 0)) / Math.max(acknowledged, 1)]),
    );
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

  // What the cluster spends doing nothing (probes, polls, heartbeats), for scale.
  const idleBefore = cpuByPart(cluster.supervisor.pids());
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleAfter = cpuByPart(cluster.supervisor.pids());
  const idle = Object.fromEntries(Object.entries(idleAfter).map(([part, ms]) => [part, (ms - (idleBefore[part] ?? 0)) / IDLE_SECONDS]));
  step(
    `idle: ${Object.values(idle)
      .reduce((a, b) => a + b, 0)
      .toFixed(0)} ms of CPU a second`,
  );

  const spread = await phase(`${SENDERS} channels, one sender each`, (sender) => own[sender] ?? hot, own);
  const one = await phase(`one channel, ${SENDERS} senders`, () => hot, [hot]);
  await writeSection(RESULTS_FILE, 'posts', '# Channel posts over REST: benchmark', render([spread, one], idle));
  step(`results written to ${RESULTS_FILE}`);
} finally {
  await cluster.stop();
}
clearTimeout(watchdog);

function render(phases: Phase[], idle: Record<string, number>) {
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

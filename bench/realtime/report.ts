import { writeSection } from '../section.ts';
import type { Side } from './protocol.ts';
import type { Summary } from './stats.ts';
import type { Collected, ConnectResult, FloorResult, SendResult, SideStats } from './swarm.ts';

export const TARGETS = { p99Ms: 100, floorMultiple: 5 } as const;

/** The section's fixed text, written once when RESULTS.md has no realtime section yet. */
export const HEADER = `# Realtime delivery: benchmark

How to run (needs Redis; uses PostgreSQL and NATS JetStream when their URLs are set, else PGlite and the in-process bus;
a database \`cw_test_<random>\` and a JetStream namespace are made for the run and removed at the end):

\`\`\`sh
REDIS_URL=redis://127.0.0.1:6379 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
  NATS_URL=nats://127.0.0.1:4222 npm run bench:realtime
\`\`\`

It starts identity, marketplace, messaging and the gateway, and two realtime replicas on one Redis (adapter, presence,
ordering, under a key prefix of the run's own) sharing the one durable broadcast consumer; with NATS each replica runs
in a worker thread of its own, as it would in a process of its own in cluster mode. Through the gateway it signs people
up, creates a public channel and has them join it by link. Their sockets (\`BENCH_SOCKETS\`, default 1,000;
\`BENCH_SOCKETS_PER_USER\`, default 20) connect half to replica A and half to B, each with its person's access token, and
send \`join-channels\`. The sockets live in three worker threads: the sender alone (so its acks do not wait behind
frames it does not read), a measuring sample of B's sockets (\`BENCH_SAMPLE\`, default 50, spread through B's room
order) and the load (every other socket). First the raw Redis
pub/sub floor alone; then, for each rate of \`BENCH_RATES\` (default \`5,20\` messages a second, lowest first) for
\`BENCH_SECONDS\` (default 15): the Socket.IO adapter alone (\`io.to(room).emit\` on A, no persistence), and the full path
(\`send-message\` from the sender's socket on A) with a second Redis floor measured alongside. Latency runs from the send
to the receipt on each sampled socket of B; probes outside the services (a durable of the bench on the bus, a wrapper
around each replica's consumer handler and adapter) split it into stages. Every loop is bounded; the run stops by
itself after 5 minutes at most and closes everything. The script rewrites the results between the markers below on
every run; the notes after them are written by hand.

Targets (issue 4): p99 delivery within ${TARGETS.floorMultiple}× the Redis floor and under ${TARGETS.p99Ms} ms at 1,000 sockets.
`;

export interface Stage {
  name: string;
  summary: Summary;
}

/** One message rate: the adapter-only phase, the full path (with its own floor) and their probes. */
export interface RateResult {
  rate: number;
  adapter: { sent: number; sample: Collected; load: Collected };
  full: { sent: number; send: SendResult; floor: FloorResult; sample: Collected; load: Collected };
  stages: Stage[];
  /** Which replica's shared consumer handled (emitted) each acknowledged message. */
  handledBy: Record<Side, number>;
  /** Event-loop utilisation (0-1) per thread or client process over the adapter-only and the full-path phases. */
  utilisation: Record<'adapter' | 'full', { main: number; messaging: number; A: number; B: number; load: number; sample: number }>;
  /** CPU ms by part over each phase: the server process (services and replicas), PostgreSQL, NATS, Redis, and the clients' processes. */
  cpu: Record<'adapter' | 'full', Record<string, number>>;
}

/** "server X (…), clients Y": the server's parts first, summed, then the clients apart. */
function cpuLine(cpu: Record<string, number>, messages: number) {
  const per = (ms: number) => (ms / Math.max(messages, 1)).toFixed(2);
  const server = Object.entries(cpu).filter(([part]) => part !== 'clients');
  const total = server.reduce((sum, [, ms]) => sum + ms, 0);
  return `server ${per(total)} (${server.map(([part, ms]) => `${part} ${per(ms)}`).join(', ')}), clients ${per(cpu.clients ?? 0)}`;
}

export interface RealtimeRun {
  date: string;
  machine: {
    cores: number;
    cpu: string;
    memory: string;
    node: string;
    redis: string;
    postgres: string | null;
    nats: string | null;
    ulimit: number;
    loadBefore: string;
    loadAfter: string;
  };
  database: string;
  bus: string;
  /** Where the replicas ran: each in a worker thread of its own, or in the main thread with the services. */
  layout: 'thread' | 'main thread';
  /** Where messaging ran: a worker thread of its own (PostgreSQL and NATS), or the main thread with the other services. */
  messagingLayout: 'thread' | 'main thread';
  users: number;
  socketsPerUser: number;
  requestedSockets: number;
  limitNote: string | null;
  connect: ConnectResult & { ms: number };
  setupMs: { signUp: number };
  seconds: number;
  /** How long after the last send the bench waits for deliveries before counting them. */
  graceMs: number;
  floorIdle: FloorResult;
  rates: RateResult[];
}

const ms = (n: number) => (Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
const elu = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(2));
const int = (n: number) => n.toLocaleString('en-US');
const lat = (s: Summary) => [ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

function sideRow(rate: string, path: string, sent: number, side: SideStats) {
  return row([
    rate,
    path,
    int(side.sockets),
    int(sent),
    int(side.expected),
    int(side.delivered),
    int(side.duplicates),
    int(side.outOfOrder),
    ...lat(side.latency),
  ]);
}

function floorRow(rate: string, path: string, floor: FloorResult) {
  return row([rate, path, '1', int(floor.sent), int(floor.sent), int(floor.received), '0', '—', ...lat(floor.latency)]);
}

/** Deliveries, duplicates and out-of-order receipts over every socket of a phase. */
function totals(sample: Collected, load: Collected) {
  const sides = [sample.sides.A, sample.sides.B, load.sides.A, load.sides.B];
  const sum = (pick: (s: SideStats) => number) => sides.reduce((n, s) => n + pick(s), 0);
  return {
    expected: sum((s) => s.expected),
    delivered: sum((s) => s.delivered),
    duplicates: sum((s) => s.duplicates),
    outOfOrder: sum((s) => s.outOfOrder),
  };
}

function verdicts(run: RealtimeRun, r: RateResult, sockets: number): string[] {
  const b = r.full.sample.sides.B;
  const floorP99 = run.floorIdle.latency.p99;
  const multiple = b.latency.p99 / floorP99;
  const alongside = b.latency.p99 / r.full.floor.latency.p99;
  const adapterP99 = r.adapter.sample.sides.B.latency.p99;
  const overAdapter = b.latency.p99 / adapterP99;
  const t = totals(r.full.sample, r.full.load);
  const complete = t.delivered === t.expected;
  const clean = t.duplicates + t.outOfOrder === 0;
  const fewer =
    sockets < 1000 ? ` (a run with ${int(sockets)} sockets, not the target's 1,000${run.limitNote ? `: ${run.limitNote}` : ''})` : '';
  return [
    `- **${r.rate} messages/s** (${int(r.rate * sockets)} deliveries/s): p99 A → B ${ms(b.latency.p99)} ms (the sample's ${b.sockets} sockets on B).`,
    `  - under ${TARGETS.p99Ms} ms at ${int(sockets)} sockets: **${b.latency.p99 < TARGETS.p99Ms && complete ? 'met' : 'missed'}**${fewer};`,
    `  - within ${TARGETS.floorMultiple}× the Redis floor (p99 ${ms(floorP99)} ms alone, so at most ${ms(floorP99 * TARGETS.floorMultiple)} ms): ` +
      `${multiple.toFixed(1)}×: **${multiple <= TARGETS.floorMultiple ? 'met' : 'missed'}**; against the floor measured alongside the full path ` +
      `(p99 ${ms(r.full.floor.latency.p99)} ms): ${alongside.toFixed(1)}×. Socket.IO's own adapter path in this run, with no persistence, ` +
      `is already ${(adapterP99 / floorP99).toFixed(1)}× the floor (p99 ${ms(adapterP99)} ms);`,
    `  - restated (docs/decisions/performance/realtime-floor-target.md): within ${TARGETS.floorMultiple}× the adapter-only path of the same run ` +
      `(p99 ${ms(adapterP99)} ms): ${overAdapter.toFixed(1)}×: **${overAdapter <= TARGETS.floorMultiple ? 'met' : 'missed'}**;`,
    `  - once and in order, over all ${int(sockets)} sockets: ${int(t.delivered)} of ${int(t.expected)} deliveries of the acknowledged ` +
      `messages within ${run.graceMs / 1000} s of the last send, ${t.duplicates} duplicates, ${t.outOfOrder} out of order by \`sequence\`: ` +
      `**${complete && clean ? 'yes' : clean ? 'in order, but not all within the grace period' : 'no'}**.`,
  ];
}

/** The markdown of one run: machine, setup, the side-by-side table, the stages and the verdicts. */
export function renderRealtime(run: RealtimeRun): string {
  const m = run.machine;
  const sockets = run.connect.connected.A + run.connect.connected.B;
  const floorRate = run.rates.at(-1)?.rate ?? 0;
  const sampled = run.rates[0]?.full.sample.sides.B.sockets ?? 0;
  const lines = [
    `## Realtime results (${run.date})`,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), memory ${m.memory}, Node ${m.node}, Redis ${m.redis}` +
      `${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}${m.nats ? `, nats-server ${m.nats}` : ''}; \`ulimit -n\` ${int(m.ulimit)}; ` +
      `load average ${m.loadBefore} before the first message, ${m.loadAfter} at the end (1, 5, 15 min).`,
    '',
    `Setup: database ${run.database}, bus ${run.bus}; ` +
      `${run.messagingLayout === 'thread' ? 'the gateway and the other services in the main thread, messaging in a worker thread of its own (its own event loop, database pool and NATS connection, as its process has in cluster mode), ' : 'the gateway and every service, messaging included, in the main thread, '}` +
      `${run.layout === 'thread' ? 'each realtime replica in a worker thread of its own (its own event loop, NATS and Redis connections, as a replica process has in cluster mode)' : 'both realtime replicas in the main thread too (the in-process bus cannot cross threads)'}; ` +
      `the clients in processes of their own (so the server's CPU is read apart from theirs), every socket asking for runs (\`new-messages\`) as the web app does: the sender alone, a measuring sample of ${sampled} of B's sockets (spread through B's room order) and the ` +
      `load (every other socket); all on this one machine. ${int(run.users)} people signed up and joined the channel in ` +
      `${(run.setupMs.signUp / 1000).toFixed(1)} s; ${int(sockets)} of ${int(run.requestedSockets)} sockets connected and joined ` +
      `(${int(run.connect.connected.A)} on A, ${int(run.connect.connected.B)} on B, ${run.socketsPerUser} per person) in ` +
      `${(run.connect.ms / 1000).toFixed(1)} s` +
      `${run.connect.failed > 0 ? `; ${run.connect.failed} failed (first: ${run.connect.firstError})` : ''}` +
      `${run.limitNote ? `; ${run.limitNote}` : ''}. Every message reaches every socket of the channel, A's too ` +
      '(the full path sends `new-message` for each message, and `channel-updated` at most once a second per channel and replica). ' +
      `Each phase lasts ${run.seconds} s; the floor alone runs at ${floorRate} messages/s.`,
    '',
    '| rate /s | path | receiving sockets | sent | deliveries expected | delivered | duplicates | out of order | p50 ms | p95 ms | p99 ms | max ms |',
    '|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    floorRow(String(floorRate), 'Redis pub/sub floor, alone', run.floorIdle),
  ];
  for (const r of run.rates) {
    const rate = String(r.rate);
    lines.push(
      floorRow(rate, 'Redis pub/sub floor, alongside the full path', r.full.floor),
      sideRow(rate, 'Socket.IO adapter only, A → B, sample', r.adapter.sent, r.adapter.sample.sides.B),
      sideRow(rate, 'Socket.IO adapter only, A → B, the other sockets', r.adapter.sent, r.adapter.load.sides.B),
      sideRow(rate, 'Socket.IO adapter only, A → A', r.adapter.sent, r.adapter.load.sides.A),
      sideRow(rate, '**Full path, A → B, sample**', r.full.sent, r.full.sample.sides.B),
      sideRow(rate, 'Full path, A → B, the other sockets', r.full.sent, r.full.load.sides.B),
      sideRow(rate, 'Full path, A → A', r.full.sent, r.full.load.sides.A),
    );
  }
  lines.push(
    '',
    'Paths: the **Redis floor** is PUBLISH on one ioredis client and SUBSCRIBE on another (a 600-byte payload); ' +
      '**adapter only** is `io.to(room).emit` on replica A, through the Redis adapter, written by B to its sockets (no persistence); ' +
      'the **full path** is `send-message` from a socket on A → realtime calls messaging over HTTP → PostgreSQL transaction → ' +
      'outbox relay → bus → the shared durable consumer (on A or B) → ordering gate (Redis) → Redis adapter → B’s sockets. ' +
      'Latency is from the send to the receipt on each receiving socket (one sample per message and socket); the targets are judged ' +
      'on the measuring sample, whose process reads only its own sockets. The other sockets are read by one process that decodes every ' +
      `frame of ${int(sockets - sampled)} sockets, so their latency includes that process’s own queue: they are there for the delivery counts. ` +
      'CPU is read per process from /proc over each phase: PostgreSQL, NATS and Redis are every such process on the machine (another load on it counts too).',
    '',
  );
  for (const r of run.rates) {
    const { full, utilisation: u } = r;
    const acked = full.send.messages.filter((x) => x.ok).length;
    const failed = Object.entries(full.send.errors);
    const disconnects = r.adapter.sample.disconnects + r.adapter.load.disconnects + full.sample.disconnects + full.load.disconnects;
    lines.push(
      `At ${r.rate}/s: ${int(acked)} of ${int(full.sent)} sends acknowledged with \`message-sent\` success` +
        `${failed.length > 0 ? ` (failed: ${failed.map(([error, n]) => `${n} × '${error}'`).join(', ')}; deliveries count only the acknowledged)` : ''}` +
        `; emitted by replica A's consumer for ${int(r.handledBy.A)}, B's for ${int(r.handledBy.B)}; sockets that disconnected: ${disconnects}. ` +
        `Event-loop utilisation (1 = never idle), adapter-only / full path: main thread ${elu(u.adapter.main)} / ${elu(u.full.main)}` +
        `${run.messagingLayout === 'thread' ? `, messaging ${elu(u.adapter.messaging)} / ${elu(u.full.messaging)}` : ''}` +
        `${run.layout === 'thread' ? `, replica A ${elu(u.adapter.A)} / ${elu(u.full.A)}, replica B ${elu(u.adapter.B)} / ${elu(u.full.B)}` : ' (with both replicas)'}` +
        `, load sockets ${elu(u.adapter.load)} / ${elu(u.full.load)}, sample ${elu(u.adapter.sample)} / ${elu(u.full.sample)}. ` +
        `CPU per acknowledged message, full path (ms; the clients in processes of their own): ${cpuLine(r.cpu.full, acked)}; adapter only, per message: ${cpuLine(r.cpu.adapter, r.adapter.sent)}.`,
      '',
    );
  }
  lines.push(
    '### Where the time goes (full path, per acknowledged message, ms)',
    '',
    row(['stage, from the send on the sender’s socket', ...run.rates.flatMap((r) => [`p50 at ${r.rate}/s`, `p99 at ${r.rate}/s`])]),
    `|---|${run.rates.map(() => '--:|--:|').join('')}`,
  );
  const stageNames = run.rates[0]?.stages.map((x) => x.name) ?? [];
  stageNames.forEach((name, i) => {
    lines.push(
      row([name, ...run.rates.flatMap((r) => [ms(r.stages[i]?.summary.p50 ?? Number.NaN), ms(r.stages[i]?.summary.p99 ?? Number.NaN)])]),
    );
  });
  lines.push(
    row([
      'adapter only, for comparison: emit → first sampled socket on B',
      ...run.rates.flatMap((r) => [ms(r.adapter.sample.sides.B.first.p50), ms(r.adapter.sample.sides.B.first.p99)]),
    ]),
    row([
      'adapter only: first → last sampled socket on B',
      ...run.rates.flatMap((r) => [ms(r.adapter.sample.sides.B.spread.p50), ms(r.adapter.sample.sides.B.spread.p99)]),
    ]),
    '',
    '### Targets',
    '',
    ...run.rates.flatMap((r) => verdicts(run, r, sockets)),
  );
  return lines.join('\n');
}

/** Rewrites the realtime section of RESULTS.md (between its markers); the first time, after what is there. */
export const writeRealtimeResults = (file: string, markdown: string) => writeSection(file, 'realtime', HEADER, markdown);

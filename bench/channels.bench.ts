// `npm run bench:channels`: many small busy channels, in cluster mode as start:cluster runs it (two
// replicas of every service, on a database of its own on DATABASE_URL and a NATS and a Redis of its
// own). 100 channels of 10 members, one socket each, half on each realtime replica; one member of
// each channel sends over its socket (`send-message`, acknowledged once persisted) at a fixed total
// rate, and every member's socket records each message. Reports acknowledgements, send → ack and
// send → delivery latency, deliveries once and in order, and the CPU each part spent per message.
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startFaultCluster } from '../faults/cluster.ts';
import { cpuByPart, processTimes } from './cpu.ts';
import { percentile } from './load.ts';
import { joinChannel, openChannel, restClient, signUp } from './rest.ts';
import { now, requirePostgres, sleep, stepper, watchdog } from './run.ts';
import { writeSection } from './section.ts';
import { pool, positiveSetting } from './settings.ts';
import { startClients } from './sockets/child.ts';
import type { PlannedSend, Receipt } from './sockets/clients.ts';

// BENCH_RESULTS_FILE: somewhere else to write the section (a run to compare, not the record).
const RESULTS_FILE = process.env.BENCH_RESULTS_FILE ?? fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const CHANNELS = positiveSetting('BENCH_CHANNELS', 100);
const MEMBERS = positiveSetting('BENCH_MEMBERS', 10);
const SECONDS = positiveSetting('BENCH_SECONDS', 10);
/** Messages a second over all channels, each rate a phase of its own, lowest first. */
const RATES = (process.env.BENCH_RATES ?? '100,200,400,1000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (RATES.length === 0 || RATES.some((r) => !Number.isInteger(r) || r <= 0)) throw new Error('BENCH_RATES must list positive integers');
const SIGN_UP_CONCURRENCY = 8;
const CONNECT_CONCURRENCY = 20;
const ACK_TIMEOUT_MS = 10_000;
/** After the last send's answer, how long deliveries may still come. */
const GRACE_MS = 5_000;
const RUN_BUDGET_MS = 900_000;

// The cluster reads DATABASE_URL itself; this only checks it is there.
requirePostgres('bench:channels');
const step = stepper('bench:channels');
const stopWatch = watchdog('bench:channels', RUN_BUDGET_MS);

interface Phase {
  rate: number;
  sent: number;
  acknowledged: number;
  /** Refusals and time-outs by what the ack said. */
  errors: Record<string, number>;
  ack: { p50: number; p99: number; max: number };
  delivery: { p50: number; p99: number; max: number };
  expected: number;
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  cpuMsPerMessage: Record<string, number>;
}

/** Deliveries of the acknowledged messages: once per member socket, in `sequence` order per socket and channel. */
function deliveries(receipts: Receipt[], sentAt: Map<string, number>) {
  const seen = new Set<string>();
  const highest = new Map<string, number>();
  const latencies: number[] = [];
  let duplicates = 0;
  let outOfOrder = 0;
  for (const r of receipts) {
    const at = sentAt.get(r.content);
    if (at === undefined) continue;
    const id = `${r.key}|${r.content}`;
    if (seen.has(id)) {
      duplicates++;
      continue;
    }
    seen.add(id);
    latencies.push(r.at - at);
    const stream = `${r.key}|${r.channelId}`;
    if (r.sequence < (highest.get(stream) ?? 0)) outOfOrder++;
    else highest.set(stream, r.sequence);
  }
  return { latencies: latencies.sort((a, b) => a - b), duplicates, outOfOrder };
}

const summary = (sorted: number[]) => ({ p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 });

const started = performance.now();
step('starting the cluster (start:cluster layout, two replicas per service)');
const cluster = await startFaultCluster((line) => step(line));
const clients = startClients();
try {
  await cluster.ready();
  step(`cluster ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);
  const api = restClient(cluster.url);

  const t0 = performance.now();
  const people = await pool(
    Array.from({ length: CHANNELS * MEMBERS }, (_, i) => i),
    SIGN_UP_CONCURRENCY,
    (i) => signUp(api, `Member ${i + 1}`),
  );
  const channels = await pool(
    Array.from({ length: CHANNELS }, (_, c) => c),
    SIGN_UP_CONCURRENCY,
    async (c) => {
      const members = people.slice(c * MEMBERS, (c + 1) * MEMBERS);
      const [owner, ...rest] = members;
      if (!owner) throw new Error('a channel without members');
      const { id, joinLink } = await openChannel(api, owner.token, `busy-${c + 1}`);
      for (const member of rest) await joinChannel(api, joinLink, member.token);
      return id;
    },
  );
  step(`${people.length} people in ${CHANNELS} channels of ${MEMBERS}, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Straight to the replicas, in turn: behind the gateway every socket of this one client address
  // would stick to the same replica.
  const replicas = cluster.parts.filter((part) => part.name.startsWith('realtime-')).map((part) => `http://127.0.0.1:${part.port}`);
  const connected = await clients.ask(
    {
      kind: 'connect',
      url: replicas,
      sockets: people.map((person, i) => ({ token: person.token, member: true, key: `${Math.floor(i / MEMBERS)}:${i % MEMBERS}` })),
      concurrency: CONNECT_CONCURRENCY,
    },
    'connected',
  );
  step(
    `${connected.connected} sockets connected and joined over ${replicas.length} replicas (${connected.failed} failed${connected.firstError ? `: ${connected.firstError}` : ''})`,
  );
  if (connected.connected < people.length) throw new Error('not every socket connected');
  await sleep(2_000); // presence announcements of the connects settle

  const phases: Phase[] = [];
  for (const rate of RATES) {
    // Warm-up, one message per channel, uncounted.
    const warm = channels.map((channelId, c): PlannedSend => ({ key: `${c}:0`, channelId, content: `warm-${rate}-${c}`, at: now() + c }));
    await clients.ask({ kind: 'send', sends: warm, ackTimeoutMs: ACK_TIMEOUT_MS }, 'sent');
    await sleep(1_000);
    await clients.ask({ kind: 'collect' }, 'collected');

    // Channel c sends message i when i % CHANNELS = c: each channel at rate / CHANNELS a second.
    const start = now() + 500;
    const sends = Array.from({ length: rate * SECONDS }, (_, i): PlannedSend => {
      const c = i % CHANNELS;
      return { key: `${c}:0`, channelId: channels[c] as string, content: `r${rate}-${i}`, at: start + (i * 1000) / rate };
    });
    const cpuBefore = processTimes();
    const { outcomes } = await clients.ask({ kind: 'send', sends, ackTimeoutMs: ACK_TIMEOUT_MS }, 'sent');
    await sleep(GRACE_MS);
    const cpu = cpuByPart(cluster.supervisor.pids(), cpuBefore, { 'bench clients': clients.pid }, cluster.database);
    const { receipts } = await clients.ask({ kind: 'collect' }, 'collected');

    const acked = outcomes.filter((o) => o.error === null);
    const errors: Record<string, number> = {};
    for (const o of outcomes) if (o.error !== null) errors[o.error] = (errors[o.error] ?? 0) + 1;
    const sentAt = new Map(acked.map((o) => [o.content, o.sentAt]));
    const got = deliveries(receipts, sentAt);
    const phase: Phase = {
      rate,
      sent: outcomes.length,
      acknowledged: acked.length,
      errors,
      ack: summary(acked.map((o) => (o.ackAt ?? 0) - o.sentAt).sort((a, b) => a - b)),
      delivery: summary(got.latencies),
      expected: acked.length * MEMBERS,
      delivered: got.latencies.length,
      duplicates: got.duplicates,
      outOfOrder: got.outOfOrder,
      cpuMsPerMessage: Object.fromEntries(Object.entries(cpu).map(([part, ms]) => [part, ms / Math.max(acked.length, 1)])),
    };
    phases.push(phase);
    step(
      `${rate}/s: ${phase.acknowledged} of ${phase.sent} acknowledged; ack p50 ${phase.ack.p50.toFixed(1)} ms, p99 ${phase.ack.p99.toFixed(1)} ms; ` +
        `delivery p50 ${phase.delivery.p50.toFixed(1)} ms, p99 ${phase.delivery.p99.toFixed(1)} ms; ${phase.delivered} of ${phase.expected} delivered, ` +
        `${phase.duplicates} duplicates, ${phase.outOfOrder} out of order`,
    );
    await sleep(3_000); // what is left of the phase drains before the next
  }
  await writeSection(RESULTS_FILE, 'channels', '# Many busy channels: benchmark', render(phases));
  step(`results written to ${RESULTS_FILE}`);
} finally {
  clients.close();
  await cluster.stop();
}
clearTimeout(stopWatch);

function render(phases: Phase[]) {
  const ms = (n: number) => n.toFixed(1);
  const parts = [...new Set(phases.flatMap((p) => Object.keys(p.cpuMsPerMessage)))].sort();
  const total = (p: Phase) => Object.values(p.cpuMsPerMessage).reduce((a, b) => a + b, 0);
  // The bench's own processes (its driver, and the child holding the client sockets) are the clients' side.
  const server = (p: Phase) => total(p) - (p.cpuMsPerMessage['bench client'] ?? 0) - (p.cpuMsPerMessage['bench clients'] ?? 0);
  const refusals = (p: Phase) =>
    Object.entries(p.errors)
      .map(([error, n]) => `${n} × '${error}'`)
      .join(', ');
  return [
    `## Channels results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )} at the end; Node ${process.version}. Cluster mode (two replicas per service); ${CHANNELS} channels of ${MEMBERS} members, one socket each, ` +
      `in turn on the two realtime replicas; the clients in a child process on this machine. One member of each channel sends over its socket, ` +
      `the channels in turn, for ${SECONDS} s a rate; latency is from the send to the ack (\`send-message\`, persisted) and to each member's socket (the sender's too).`,
    '',
    '| messages/s (all channels) | sent | acknowledged | ack p50 / p99 / max (ms) | delivery p50 / p99 / max (ms) | delivered | duplicates | out of order |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...phases.map(
      (p) =>
        `| ${p.rate} | ${p.sent} | ${p.acknowledged} | ${ms(p.ack.p50)} / ${ms(p.ack.p99)} / ${ms(p.ack.max)} | ` +
        `${ms(p.delivery.p50)} / ${ms(p.delivery.p99)} / ${ms(p.delivery.max)} | ${p.delivered} of ${p.expected} | ${p.duplicates} | ${p.outOfOrder} |`,
    ),
    '',
    ...phases.flatMap((p) => (Object.keys(p.errors).length ? [`Not acknowledged at ${p.rate}/s: ${refusals(p)}.`, ''] : [])),
    '### CPU per acknowledged message, by part (ms)',
    '',
    `| part | ${phases.map((p) => `${p.rate}/s`).join(' | ')} |`,
    `|---|${phases.map(() => '--:').join('|')}|`,
    ...parts.map((part) => `| ${part} | ${phases.map((p) => ms(p.cpuMsPerMessage[part] ?? 0)).join(' | ')} |`),
    `| server (all but the bench's processes) | ${phases.map((p) => ms(server(p))).join(' | ')} |`,
    `| all | ${phases.map((p) => ms(total(p))).join(' | ')} |`,
    '',
    'CPU is read from the first send to the end of the grace period: at a rate the machine cannot keep up with, work is still queued then, and its figure is a lower bound.',
    '',
    'Targets (issue 14): every send acknowledged, send → ack p99 < 50 ms, delivery p99 < 100 ms, at 1,000 messages/s.',
    '',
  ].join('\n');
}

// `npm run bench:webhooks`: 100 people each subscribe a webhook to their gigs' updates, all on one
// receiver on this machine that verifies every signature with the `standardwebhooks` package; then
// 200 gig updates a second for 30 s are published on the bus as marketplace publishes them after its
// commit, each to be delivered to its owner's webhook. Measured: deliveries a second, the time from
// the event's publication (its commit, as far as the rest of the platform can tell) to its receipt
// (p50/p99), and every delivery received once (by `webhook-id`), in order per subscription. Needs
// DATABASE_URL (a `cw_bench_*` database of its own, dropped at the end); on JetStream when NATS_URL
// is set (a namespace of its own), else on the in-process bus.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { GigUpdated, marketplaceRoutes, webhooksRoutes } from '@commonwork/contracts';
import { loadKeyStore } from '@commonwork/identity';
import { createLogger, type Database, openDatabase } from '@commonwork/kit';
import { buildGig, createTestBus } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { startPlatform } from '../deploy/local/platform.ts';
import { createBenchDatabase, stopEach } from './benchDatabase.ts';
import { load, ms } from './format.ts';
import { percentile } from './load.ts';
import { restClient, signUp } from './rest.ts';
import { now, requirePostgres, sleep, stepper, watchdog } from './run.ts';
import { writeSection } from './section.ts';
import { pool, positiveSetting } from './settings.ts';

const SUBSCRIPTIONS = positiveSetting('BENCH_SUBSCRIPTIONS', 100);
const RATE = positiveSetting('BENCH_RATE', 200);
const SECONDS = positiveSetting('BENCH_SECONDS', 30);
const POOL_SIZE = 20;
/** How long the deliveries may take to arrive after the last event. */
const DRAIN_MS = 120_000;
const RUN_BUDGET_MS = 900_000;
const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

const serverUrl = requirePostgres('bench:webhooks');
const step = stepper('bench:webhooks');
const stopWatch = watchdog('bench:webhooks', RUN_BUDGET_MS);
const log = createLogger('bench', 'silent');

/** The receiver: one HTTP server, a path per subscription; every request verified and recorded. */
async function startReceiver(secrets: Map<string, Webhook>) {
  const received: { path: string; id: string; title: string; at: number; verified: boolean }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = now();
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      let verified = false;
      let title = '';
      try {
        const payload = secrets.get(path)?.verify(body, req.headers as Record<string, string>) as { data?: { title?: string } } | undefined;
        verified = payload !== undefined;
        title = payload?.data?.title ?? '';
      } catch {
        verified = false;
      }
      received.push({ path, id: String(req.headers['webhook-id']), title, at, verified });
      res.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const runStarted = Date.now();
const { url: benchUrl, drop } = await createBenchDatabase(serverUrl);
const { bus, namespace, close: closeBus } = await createTestBus(log);
let database: Database | undefined;
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
const secrets = new Map<string, Webhook>();
const receiver = await startReceiver(secrets);
try {
  database = await openDatabase({ url: benchUrl, poolSize: POOL_SIZE });
  const db = database;
  platform = await startPlatform({
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_AUTH_MAX: '1000000000',
      // The receiver is on this machine, as in embedded development mode.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    },
    database,
    bus,
    log,
    keys: await loadKeyStore(),
  });
  const api = restClient(platform.url);
  step(`platform up at ${platform.url} on ${namespace ? `JetStream (namespace ${namespace})` : 'the in-process bus'}`);

  // Each subscriber: a person, a gig of theirs, a webhook on their gigs' updates to a path of their own.
  const subscribers = await pool(
    Array.from({ length: SUBSCRIPTIONS }, (_, i) => i),
    8,
    async (i) => {
      const person = await signUp(api, `Bench Subscriber ${i + 1}`);
      const gigInput = buildGig({ title: `Bench gig ${i + 1}` });
      const gig = (await api.call(marketplaceRoutes.createGig, { token: person.token, body: gigInput })).gig;
      const path = `/hook/${i}`;
      const created = await api.call(webhooksRoutes.create, {
        token: person.token,
        body: { url: `${receiver.url}${path}`, events: ['gig.updated'] },
      });
      secrets.set(path, new Webhook(created.secret));
      return { ownerId: person.id, gigId: gig.id, gigInput, path, webhookId: created.webhook.id };
    },
  );
  step(`${SUBSCRIPTIONS} people, each with a gig and a webhook on gig.updated`);
  await sleep(2_000);

  // 200 updates a second, spread over 20 ms ticks, each to the next subscriber in turn.
  const total = RATE * SECONDS;
  const sentAt = new Map<string, number>();
  const perTick = RATE / 50;
  const loadBefore = load();
  const started = now();
  let sent = 0;
  let late = 0;
  for (let tick = 0; sent < total; tick++) {
    const due = started + tick * 20;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    else if (wait < -20) late++;
    const batch: Promise<void>[] = [];
    for (let k = 0; k < perTick && sent < total; k++, sent++) {
      const subscriber = subscribers[sent % SUBSCRIPTIONS] as (typeof subscribers)[number];
      const title = `Bench update ${sent}`;
      const { gigInput } = subscriber;
      sentAt.set(title, now());
      batch.push(
        bus.publish({
          id: randomUUID(),
          type: GigUpdated.type,
          version: GigUpdated.version,
          occurredAt: new Date().toISOString(),
          streamId: `gig-${subscriber.gigId}`,
          data: {
            gigId: subscriber.gigId,
            ownerId: subscriber.ownerId,
            title,
            category: gigInput.category,
            subCategory: gigInput.subCategory,
            price: gigInput.price,
            deliveryTime: gigInput.deliveryTime,
            tags: gigInput.tags,
          },
          metadata: { actorId: subscriber.ownerId, correlationId: randomUUID(), causationId: null },
        }),
      );
    }
    await Promise.all(batch);
  }
  const publishedMs = now() - started;
  step(`${total} events published in ${(publishedMs / 1000).toFixed(1)} s (${late} ticks late)`);
  const ours = () => receiver.received.filter((r) => r.title.startsWith('Bench update '));
  const deadline = now() + DRAIN_MS;
  while (new Set(ours().map((r) => r.id)).size < total && now() < deadline) await sleep(250);
  await sleep(1_000);
  const loadAfter = load();

  const got = ours();
  const ids = new Map<string, number>();
  for (const r of got) ids.set(r.id, (ids.get(r.id) ?? 0) + 1);
  const unique = ids.size;
  const doubled = [...ids.values()].filter((n) => n > 1).length;
  const unverified = got.filter((r) => !r.verified).length;
  const firstById = new Map<string, (typeof got)[number]>();
  for (const r of got) if (!firstById.has(r.id)) firstById.set(r.id, r);
  const latencies = [...firstById.values()].map((r) => r.at - (sentAt.get(r.title) ?? Number.NaN)).sort((a, b) => a - b);
  const lastAt = Math.max(...[...firstById.values()].map((r) => r.at));
  const perSecond = unique / ((lastAt - started) / 1000);
  // In order per subscription: each path's updates arrive in the order they were published.
  let outOfOrder = 0;
  const lastSeen = new Map<string, number>();
  for (const r of firstById.values()) {
    const n = Number(r.title.slice('Bench update '.length));
    if ((lastSeen.get(r.path) ?? -1) > n) outOfOrder++;
    lastSeen.set(r.path, n);
  }
  // Where the time goes: publication → the delivery row (the webhooks service's consumer), row → receipt (the dispatcher and the call).
  const made = await sql<{ id: string; created_at: Date; timestamp: string }>`
    select id, created_at, body->>'timestamp' as timestamp from webhooks.webhook_deliveries where type = 'gig.updated'`.execute(db.root);
  const createdAt = new Map(made.rows.map((r) => [r.id, r.created_at.getTime()]));
  const consumerMs = made.rows.map((r) => r.created_at.getTime() - Date.parse(r.timestamp)).sort((a, b) => a - b);
  const dispatchMs = [...firstById.values()]
    .map((r) => r.at - (createdAt.get(r.id) ?? Number.NaN))
    .filter((n) => !Number.isNaN(n))
    .sort((a, b) => a - b);
  const rows = await sql<{ status: string; n: string }>`
    select status, count(*) as n from webhooks.webhook_deliveries where type = 'gig.updated' group by status`.execute(db.root);
  const statuses = rows.rows.map((r) => `${r.n} ${r.status}`).join(', ');
  const ok = unique === total && doubled === 0 && unverified === 0 && outOfOrder === 0;
  step(
    `received ${unique}/${total} once each (${doubled} doubled, ${unverified} unverified, ${outOfOrder} out of order); deliveries: ${statuses}`,
  );

  const markdown = [
    `## Webhooks results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average before the events ${loadBefore}, after ${loadAfter} (others' work on the machine included).`,
    `Setup: the platform in one process (every service, the gateway) on PostgreSQL (pool ${POOL_SIZE}) and ${namespace ? 'NATS JetStream' : 'the in-process bus'}; ${SUBSCRIPTIONS} people, each with a gig and a webhook on \`gig.updated\` to a path of its own on one receiver on this machine, which verifies every signature with the \`standardwebhooks\` package and answers 200. ${RATE} gig updates a second for ${SECONDS} s (${total}), published on the bus as marketplace's relay publishes them after its commit, round robin over the subscribers; latency is from that publication to the receipt of the delivery (first receipt of each \`webhook-id\`). Whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s.`,
    '',
    '| events | published in | deliveries received (unique `webhook-id`) | deliveries/s | p50 ms | p99 ms | max ms | doubled | signature refused | out of order per subscription |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    `| ${total} | ${(publishedMs / 1000).toFixed(1)} s | ${unique} | ${perSecond.toFixed(0)} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.99))} | ${ms(latencies.at(-1) ?? Number.NaN)} | ${doubled} | ${unverified} | ${outOfOrder} |`,
    '',
    '| of which | p50 ms | p99 ms |',
    '|---|--:|--:|',
    `| publication → its delivery row committed (the webhooks service's consumer: public event, audience, deliveries) | ${ms(percentile(consumerMs, 0.5))} | ${ms(percentile(consumerMs, 0.99))} |`,
    `| delivery row → received (the dispatcher: claim, signed call, record) | ${ms(percentile(dispatchMs, 0.5))} | ${ms(percentile(dispatchMs, 0.99))} |`,
    '',
    `Deliveries in the log: ${statuses || 'none'}. None lost, none doubled, all in order: ${ok ? 'yes' : '**no**'}.`,
  ].join('\n');
  console.log(markdown);
  await writeSection(
    RESULTS_FILE,
    'webhooks',
    '# Webhooks: benchmark\n\nHow to run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 npm run bench:webhooks` (creates and drops a database `cw_bench_<random>` and a JetStream namespace).\n',
    markdown.trimEnd(),
  );
  step(`results written to ${RESULTS_FILE}`);
  if (!ok) process.exitCode = 1;
} catch (error) {
  console.error('[bench:webhooks] failed:', error);
  process.exitCode = 1;
} finally {
  await stopEach('bench:webhooks', [() => platform?.stop(), receiver.close, closeBus, () => database?.close(), drop]);
}
clearTimeout(stopWatch);
process.exit(process.exitCode ?? 0);

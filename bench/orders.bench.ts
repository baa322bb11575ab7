// `npm run bench:orders`: 200 people order the same gig at the same moment through the gateway,
// then each sends the same order again (its `id` chosen by the client, as the order form does): every
// order must be acknowledged once (201, then 200 with the same order), stored once, placed once in
// the event store, and reach the marketplace's figures once over the bus. Needs DATABASE_URL (a
// `cw_bench_*` database of its own, dropped at the end); on JetStream when NATS_URL is set (a
// namespace of its own), else on the in-process bus.
import { randomUUID } from 'node:crypto';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { marketplaceRoutes, ordersRoutes, urlOf } from '@commonwork/contracts';
import { loadKeyStore } from '@commonwork/identity';
import { createLogger, type Database, openDatabase } from '@commonwork/kit';
import { buildGig, createTestBus } from '@commonwork/kit/testing';
import { type RawBuilder, sql } from 'kysely';
import { startPlatform } from '../deploy/local/platform.ts';
import { createBenchDatabase, stopEach } from './benchDatabase.ts';
import { type BurstAnswer, runBurst } from './burst.ts';
import { drained } from './drained.ts';
import { load, ms } from './format.ts';
import { percentile } from './load.ts';
import { restClient, signUp } from './rest.ts';
import { requirePostgres, sleep, stepper, watchdog } from './run.ts';
import { writeSection } from './section.ts';
import { pool, positiveSetting } from './settings.ts';

const BUYERS = positiveSetting('BENCH_BUYERS', 200);
const PRICE = 120;
const POOL_SIZE = 20;
/** The whole run stops by itself after this, whatever happens. */
const RUN_BUDGET_MS = 600_000;
const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

const serverUrl = requirePostgres('bench:orders');
const step = stepper('bench:orders');
const stopWatch = watchdog('bench:orders', RUN_BUDGET_MS);
const log = createLogger('bench', 'silent');

/** A burst's figures: answers by status, latency, and the order each answer names. */
function summarize(answers: BurstAnswer[], expected: number) {
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const orderIds = answers.map((a) => (a.body as { order?: { id?: string } } | null)?.order?.id ?? null);
  return {
    statuses: [...byStatus].map(([status, n]) => `${n} × ${status}`).join(', '),
    expected: byStatus.get(expected) ?? 0,
    errors: answers.length - (byStatus.get(expected) ?? 0),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    /** Answers a second, from the burst's start to its last answer. */
    perSecond: answers.length / ((sorted.at(-1) ?? Number.NaN) / 1000),
    orderIds,
    firstError: answers.find((a) => a.status !== expected),
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const runStarted = Date.now();
const { url: benchUrl, drop } = await createBenchDatabase(serverUrl);
const { bus, namespace, close: closeBus } = await createTestBus(log);
let database: Database | undefined;
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
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
    },
    database,
    bus,
    log,
    keys: await loadKeyStore(),
  });
  const api = restClient(platform.url);
  const count = async (query: RawBuilder<{ n: string }>) => Number((await query.execute(db.root)).rows[0]?.n ?? Number.NaN);
  step(`platform up at ${platform.url} on ${namespace ? `JetStream (namespace ${namespace})` : 'the in-process bus'}`);

  const seller = await signUp(api, 'Bench Seller');
  const buyers = await pool(
    Array.from({ length: BUYERS }, (_, i) => i),
    10,
    (i) => signUp(api, `Bench Buyer ${i + 1}`),
  );
  const gig = (await api.call(marketplaceRoutes.createGig, { token: seller.token, body: buildGig({ price: PRICE }) })).gig;
  await until(
    'the gig reaches orders',
    async () => (await count(sql`select count(*) as n from orders.orderable_gigs where gig_id = ${gig.id} and available`)) === 1,
  );
  await drained(db);
  step(`${BUYERS} buyers signed up, the gig orderable`);

  const url = `${platform.url}${urlOf(ordersRoutes.create.url)}`;
  const requests = buyers.map((buyer, i) => ({
    token: buyer.token,
    body: { id: randomUUID(), gigId: gig.id, requirements: `Bench order ${i + 1}: a landing page for my product.` },
  }));
  const loadBefore = load();
  const placedBurst = await runBurst({ url, requests });
  const first = { ...summarize(placedBurst.answers, 201), cpuMs: placedBurst.cpuMs / BUYERS };
  step(`placed: ${first.statuses}; p50 ${ms(first.p50)} ms, p99 ${ms(first.p99)} ms`);
  const againBurst = await runBurst({ url, requests });
  const again = { ...summarize(againBurst.answers, 200), cpuMs: againBurst.cpuMs / BUYERS };
  step(`sent again: ${again.statuses}; p50 ${ms(again.p50)} ms, p99 ${ms(again.p99)} ms`);
  const loadAfter = load();

  const sameOrder = requests.filter((r, i) => first.orderIds[i] === r.body.id && again.orderIds[i] === r.body.id).length;
  const drainMs = await drained(db);
  const ids = requests.map((r) => r.body.id);
  const stored = await count(sql`select count(*) as n from orders.orders where gig_id = ${gig.id}`);
  const storedOurs = await count(sql`select count(*) as n from orders.orders where id = any(${ids}::uuid[])`);
  const buyersWithOne = await count(
    sql`select count(*) as n from (select buyer_id from orders.orders where gig_id = ${gig.id} group by buyer_id having count(*) = 1) once`,
  );
  const streams = ids.map((id) => `order-${id}`);
  const placed = await count(
    sql`select count(*) as n from orders.event_store where type = 'OrderPlaced' and stream_id = any(${streams}::text[])`,
  );
  const placedAll = await count(sql`select count(*) as n from orders.event_store where type = 'OrderPlaced'`);
  const cards = await count(sql`select count(*) as n from marketplace.order_cards where gig_id = ${gig.id}`);
  const ok = first.expected === BUYERS && again.expected === BUYERS && sameOrder === BUYERS && stored === BUYERS && placedAll === BUYERS;
  step(`stored ${stored}, OrderPlaced ${placedAll}, marketplace cards ${cards}: ${ok ? 'every order once' : 'NOT once'}`);

  const errorLine = (label: string, s: ReturnType<typeof summarize>) =>
    s.firstError
      ? [`First unexpected answer (${label}): ${s.firstError.status} ${JSON.stringify(s.firstError.body).slice(0, 200)}`, '']
      : [];
  const markdown = [
    `## Orders results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average before the bursts ${loadBefore}, after ${loadAfter} (others' work on the machine included).`,
    `Setup: the platform in one process (every service, the gateway) on PostgreSQL (pool ${POOL_SIZE}) and ${namespace ? 'NATS JetStream' : 'the in-process bus'}; ${BUYERS} people signed up, one gig at $${PRICE}; each POSTs \`/api/orders\` through the gateway on a connection of its own, all at the same moment, with an \`id\` of its own; then each sends the same request again. Whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s.`,
    '',
    '| burst | answers | answers/s | p50 ms | p99 ms | max ms | unexpected | CPU ms per request (platform process) |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
    `| ${BUYERS} orders at once | ${first.statuses} | ${first.perSecond.toFixed(0)} | ${ms(first.p50)} | ${ms(first.p99)} | ${ms(first.max)} | ${first.errors} | ${first.cpuMs.toFixed(1)} |`,
    `| the same ${BUYERS} again | ${again.statuses} | ${again.perSecond.toFixed(0)} | ${ms(again.p50)} | ${ms(again.p99)} | ${ms(again.max)} | ${again.errors} | ${again.cpuMs.toFixed(1)} |`,
    '',
    '| answered with its own order both times | orders stored (read model) | of the sent ids | buyers with exactly one | OrderPlaced in the event store (these / all) | order cards in marketplace (over the bus) | published and handled after the bursts |',
    '|--:|--:|--:|--:|--:|--:|--:|',
    `| ${sameOrder} | ${stored} | ${storedOurs} | ${buyersWithOne} | ${placed} / ${placedAll} | ${cards} | ${(drainMs / 1000).toFixed(1)} s |`,
    '',
    `Every order acknowledged once: ${ok ? 'yes' : '**no**'}.`,
    '',
    ...errorLine('first burst', first),
    ...errorLine('second burst', again),
  ].join('\n');
  console.log(markdown);
  await writeSection(
    RESULTS_FILE,
    'orders',
    '# Orders: benchmark\n\nHow to run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 npm run bench:orders` (creates and drops a database `cw_bench_<random>` and a JetStream namespace).\n',
    markdown.trimEnd(),
  );
  step(`results written to ${RESULTS_FILE}`);
  if (!ok) process.exitCode = 1;
} catch (error) {
  console.error('[bench:orders] failed:', error);
  process.exitCode = 1;
} finally {
  await stopEach('bench:orders', [() => platform?.stop(), closeBus, () => database?.close(), drop]);
}
clearTimeout(stopWatch);
process.exit(process.exitCode ?? 0);

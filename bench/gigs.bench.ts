// `npm run bench`: gig listing and search at 100,000 gigs, straight to marketplace and through the
// gateway, side by side. Needs DATABASE_URL (a PostgreSQL server it may create a database on).
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { marketplaceRoutes, type QueryOf, urlOf } from '@commonwork/contracts';
import { loadKeyStore } from '@commonwork/identity';
import { createLogger, type Database, MemoryBus, openDatabase } from '@commonwork/kit';
import { sql } from 'kysely';
import { startPlatform } from '../deploy/local/platform.ts';
import { seedDemo } from '../deploy/local/seed.ts';
import { createBenchDatabase, stopEach } from './benchDatabase.ts';
import { drained } from './drained.ts';
import { explainListing } from './explain.ts';
import { type LoadRun, runLoad, serialLatencies, summarize } from './load.ts';
import { droppingEventsOf } from './quietBus.ts';
import { type RunInfo, renderResults, type Scenario, type ScenarioResult, TARGETS, writeResults } from './report.ts';

const GIGS = 100_000;
const USERS = 2_000;
/**
 * Four connections keep both cores busy without measuring a queue: on this machine the load generator,
 * the platform and PostgreSQL share two cores, and at 16 connections p50 is 16 / throughput whatever the
 * request costs (see bench/RESULTS.md). BENCH_CONNECTIONS sets another.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** Direct and gateway runs alternate in rounds, so drift on the machine (autovacuum, other work) hits both sides alike. */
const ROUNDS = 4;
const ROUND_MS = 2_000;
const DURATION_MS = ROUNDS * ROUND_MS;
const WARMUP_MS = 1_000;
const POOL_SIZE = 20;
const STATEMENT_TIMEOUT = '5s';
const SEED_BUDGET_MS = 180_000;
const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

/** The load tools take a URL: the gig list's, with a query. */
const listing = (query: QueryOf<typeof marketplaceRoutes.listGigs> = {}) => urlOf(marketplaceRoutes.listGigs.url, {}, query);
const SCENARIOS: Scenario[] = [
  { id: 'a', name: 'listing, page 1', path: listing(), search: false, judged: true },
  {
    id: 'b',
    name: 'category + price + sort',
    path: listing({ category: 'web', priceRange: 'medium', sortBy: 'rating' }),
    search: false,
    judged: true,
  },
  { id: 'c', name: 'search, 2 words', path: listing({ search: 'react dashboard' }), search: true, judged: true },
  { id: 'd', name: 'search, 1 word with a typo', path: listing({ search: 'kubernets' }), search: true, judged: true },
  {
    id: 'e',
    name: 'search + filters',
    path: listing({ search: 'logo', category: 'design', priceRange: 'low', sortBy: 'price-low' }),
    search: true,
    judged: true,
  },
];

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'npm run bench needs DATABASE_URL: a PostgreSQL server on which it may create (and afterwards drop) a database cw_bench_<random>,\n' +
      'e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench',
  );
  process.exit(2);
}
const step = (message: string) => console.error(`[bench] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no query of the bench database is running, so one phase's stragglers do not slow the next. */
async function settle(maxMs = 7_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [name],
    );
    if (Number(rows[0]?.n) === 0) return;
    await sleep(100);
  }
}

async function measure(scenario: Scenario, directUrl: string, gatewayUrl: string): Promise<ScenarioResult> {
  for (const base of [directUrl, gatewayUrl]) {
    const res = await fetch(`${base}${scenario.path}`, { signal: AbortSignal.timeout(30_000) });
    // A listing must find gigs and a detail call its gig: an empty answer would measure nothing.
    const body = (await res.json()) as { gigs?: unknown[]; gig?: unknown };
    if (res.status !== 200 || !(body.gigs?.length || body.gig))
      throw new Error(`${scenario.path} on ${base}: ${res.status}, nothing found`);
  }
  const unloaded = await serialLatencies(`${directUrl}${scenario.path}`, 5);
  const load = async (base: string, durationMs: number): Promise<LoadRun> => {
    const run = await runLoad({ url: `${base}${scenario.path}`, connections: CONNECTIONS, durationMs });
    await settle();
    return run;
  };
  await load(directUrl, WARMUP_MS / 2);
  await load(gatewayUrl, WARMUP_MS / 2);
  const direct: LoadRun[] = [];
  const gateway: LoadRun[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    direct.push(await load(directUrl, ROUND_MS));
    gateway.push(await load(gatewayUrl, ROUND_MS));
  }
  return {
    ...scenario,
    unloadedP50: unloaded[Math.floor(unloaded.length / 2)] ?? Number.NaN,
    direct: summarize(direct),
    gateway: summarize(gateway),
  };
}

async function machine(database: Database, loadBefore: string): Promise<RunInfo['machine']> {
  const free =
    execFileSync('free', ['-h'], { encoding: 'utf8' })
      .split('\n')
      .find((l) => l.startsWith('Mem:')) ?? '';
  const [, total = '?', used = '?'] = free.split(/\s+/);
  const { rows } = await sql<{ server_version: string }>`show server_version`.execute(database.root);
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    memory: `${total} total, ${used} used at the end (free -h)`,
    node: process.version,
    postgres: rows[0]?.server_version ?? '?',
    loadBefore,
  };
}

const runStarted = Date.now();
const { name, url: benchUrl, admin, drop } = await createBenchDatabase(serverUrl);
step(`database ${name} created`);

let database: Database | undefined;
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
const log = createLogger('bench', 'silent');
// Marketplace's own events: 100,000 of them took 211 s through the in-process bus on the first run.
const bus = droppingEventsOf(new MemoryBus(log), ['marketplace']);
try {
  database = await openDatabase({ url: benchUrl, poolSize: 2 });
  const seedStarted = Date.now();
  const seeded = await seedDemo(database, { users: USERS, gigs: GIGS, seed: 42 });
  const seedMs = Date.now() - seedStarted;
  if (!seeded.seeded) throw new Error('a fresh database already had gigs');
  step(`seeded ${seeded.users} people and ${seeded.gigs} gigs in ${(seedMs / 1000).toFixed(1)} s`);
  if (seedMs > SEED_BUDGET_MS) step(`seeding took longer than the ${SEED_BUDGET_MS / 1000} s budget`);
  // What autovacuum would do soon after a bulk load; the seed's counter updates leave dead rows behind.
  for (const table of ['marketplace.gigs', 'marketplace.gig_views', 'marketplace.freelancers', 'identity.users']) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(database.root);
  }
  // The timeout is for the platform's queries under load, not for the seed: new connections get it.
  await database.close();
  await admin.query(`alter database ${name} set statement_timeout = '${STATEMENT_TIMEOUT}'`);
  database = await openDatabase({ url: benchUrl, poolSize: POOL_SIZE });

  platform = await startPlatform({
    env: { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000000' },
    database,
    bus,
    log,
    keys: await loadKeyStore(),
  });
  const drainMs = await drained(database);
  step(`platform up, outbox drained in ${(drainMs / 1000).toFixed(1)} s (${bus.dropped()} marketplace events dropped)`);

  const directUrl = platform.services.marketplace.url;
  const gatewayUrl = platform.url;
  const [gig] = (await sql<{ id: string }>`select id from marketplace.gigs order by id limit 1`.execute(database.root)).rows;
  const scenarios = [
    ...SCENARIOS,
    {
      id: 'f',
      name: 'one gig by id (the gateway on a fast call)',
      path: urlOf(marketplaceRoutes.getGig.url, { id: gig?.id }),
      search: false,
      judged: false,
    },
  ];
  // Other work on the machine shares its cores with PostgreSQL and the platform: the report says how busy it was.
  const loadBefore = loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const started = Date.now();
    results.push(await measure(scenario, directUrl, gatewayUrl));
    step(`${scenario.id}. ${scenario.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  const plans: RunInfo['plans'] = [];
  for (const r of results.filter((r) => r.id !== 'f')) {
    const missed = r.gateway.errors > 0 || (r.search && r.gateway.p99 >= TARGETS.searchP99Ms);
    if (!missed) continue;
    const query = r.path.split('?')[1] ?? '';
    try {
      plans.push({ scenario: `${r.id}. ${r.name}`, query: r.path, plans: await explainListing(benchUrl, query) });
    } catch (error) {
      plans.push({ scenario: `${r.id}. ${r.name}`, query: r.path, plans: [{ sql: 'failed', plan: [String(error)] }] });
    }
  }
  const markdown = renderResults(results, {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    machine: await machine(database, loadBefore),
    gigs: seeded.gigs,
    users: seeded.users,
    seedMs,
    drainMs,
    totalMs: Date.now() - runStarted,
    droppedEvents: bus.dropped(),
    connections: CONNECTIONS,
    durationMs: DURATION_MS,
    rounds: ROUNDS,
    warmupMs: WARMUP_MS,
    statementTimeout: STATEMENT_TIMEOUT,
    poolSize: POOL_SIZE,
    plans,
  });
  console.log(markdown);
  await writeResults(RESULTS_FILE, markdown);
  step(`results written to ${RESULTS_FILE}`);
} catch (error) {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
} finally {
  await stopEach('bench', [() => platform?.stop(), () => bus.close(), () => database?.close(), drop]);
}
// A platform that failed half-way through starting may leave a listener open: end the run anyway.
process.exit(process.exitCode ?? 0);

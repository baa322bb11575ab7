// `npm run bench:dashboard`: the dashboard in one gateway call (bffRoutes.dashboard) at 100,000
// gigs, beside the five calls it composes, each alone and one after another. Needs DATABASE_URL (a
// PostgreSQL server it may create a database on).
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bffRoutes, eventsRoutes, identityRoutes, marketplaceRoutes, urlOf } from '@commonwork/contracts';
import { issueAccessToken, loadKeyStore } from '@commonwork/identity';
import { createLogger, type Database, MemoryBus, openDatabase } from '@commonwork/kit';
import { sql } from 'kysely';
import { startPlatform } from '../deploy/local/platform.ts';
import { seedDemo } from '../deploy/local/seed.ts';
import { createBenchDatabase, stopEach } from './benchDatabase.ts';
import { cpuByPart, processTimes } from './cpu.ts';
import { drained } from './drained.ts';
import { ms } from './format.ts';
import { type LoadResult, type LoadRun, percentile, runLoad, serialLatencies, summarize } from './load.ts';
import { droppingEventsOf } from './quietBus.ts';
import { restClient } from './rest.ts';
import { writeSection } from './section.ts';

const GIGS = Number(process.env.BENCH_GIGS ?? 100_000);
const USERS = 2_000;
const EVENTS = 200;
/** Four connections, as the gig benchmark: both cores busy without measuring a queue. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const ROUNDS = 4;
const ROUND_MS = 2_000;
const SERIAL_SAMPLES = 200;
const POOL_SIZE = 20;
const TARGET_P99_MS = 40;
const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'npm run bench:dashboard needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dashboard',
  );
  process.exit(2);
}
const step = (message: string) => console.error(`[bench:dashboard] ${message}`);

const runStarted = Date.now();
const { name, url: benchUrl, drop } = await createBenchDatabase(serverUrl);
step(`database ${name} created`);
let database: Database | undefined;
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
const log = createLogger('bench', 'silent');
// Marketplace's 100,000 gig events through the in-process bus would take minutes (see the gig benchmark).
const bus = droppingEventsOf(new MemoryBus(log), ['marketplace']);
try {
  database = await openDatabase({ url: benchUrl, poolSize: 2 });
  const seedStarted = Date.now();
  const seeded = await seedDemo(database, { users: USERS, gigs: GIGS, events: EVENTS, seed: 42 });
  if (!seeded.seeded) throw new Error('a fresh database already had gigs');
  const seedMs = Date.now() - seedStarted;
  step(`seeded ${seeded.users} people, ${seeded.gigs} gigs and ${seeded.events} events in ${(seedMs / 1000).toFixed(1)} s`);
  // The statistics identity would count from the dropped gig events: each person's active gigs today.
  await sql`insert into identity.stats_days (user_id, day, active_gigs, events, messages)
    select owner_id, current_date, count(*), 0, 0 from marketplace.gigs where status = 'active' group by owner_id`.execute(database.root);
  await sql`update identity.users u set active_gigs = s.active_gigs from identity.stats_days s where s.user_id = u.id`.execute(
    database.root,
  );
  for (const table of ['marketplace.gigs', 'marketplace.gig_views', 'identity.users', 'identity.stats_days', 'events.events'])
    await sql`vacuum analyze ${sql.table(table)}`.execute(database.root);
  await database.close();
  database = await openDatabase({ url: benchUrl, poolSize: POOL_SIZE });
  const keys = await loadKeyStore();
  platform = await startPlatform({
    env: { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000000' },
    database,
    bus,
    log,
    keys,
  });
  const drainMs = await drained(database);
  step(`platform up, outbox drained in ${(drainMs / 1000).toFixed(1)} s`);

  // A seeded freelancer with gigs, signed in as identity signs people in.
  const [person] = (
    await sql<{ id: string; email: string }>`select u.id, u.email from identity.users u
      join identity.stats_days s on s.user_id = u.id order by s.active_gigs desc, u.id limit 1`.execute(database.root)
  ).rows;
  if (!person) throw new Error('no seeded freelancer');
  const token = await issueAccessToken(keys.active, { sub: person.id, email: person.email, role: 'user' }, 3_600);
  const headers = { authorization: `Bearer ${token}` };
  const gateway = platform.url;
  const parts = [
    // The load tools take a URL: each part's route with the query the dashboard sends it.
    { name: 'trending gigs', path: urlOf(marketplaceRoutes.trending.url, {}, { limit: 3 }) },
    { name: 'top freelancers', path: urlOf(identityRoutes.topFreelancers.url, {}, { limit: 3 }) },
    { name: 'upcoming events', path: urlOf(eventsRoutes.upcoming.url, {}, { limit: 2 }) },
    { name: 'gig analytics', path: urlOf(marketplaceRoutes.analytics.url) },
    { name: 'statistics', path: urlOf(identityRoutes.userStats.url, { id: person.id }) },
  ];
  const bff = { name: 'dashboard (one call)', path: urlOf(bffRoutes.dashboard.url) };

  const check = await restClient(gateway).send(bffRoutes.dashboard, { token });
  const data = check.status === 200 ? check.at(200).data : undefined;
  if (!data || data.unavailable.length > 0 || !data.trendingGigs.length || !data.topFreelancers.length)
    throw new Error(`the dashboard answered ${check.status}: ${JSON.stringify(data?.unavailable)}`);

  const loadBefore = loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  // CPU per call as well as latency: this machine's speed swings from one hour to the next, and the
  // work a call costs moves far less with it than its p99 does.
  const measure = async (path: string): Promise<LoadResult & { cpu: { here: number; postgres: number } }> => {
    await runLoad({ url: `${gateway}${path}`, connections: CONNECTIONS, durationMs: 1_000, headers });
    const runs: LoadRun[] = [];
    const before = processTimes();
    for (let round = 0; round < ROUNDS; round++)
      runs.push(await runLoad({ url: `${gateway}${path}`, connections: CONNECTIONS, durationMs: ROUND_MS, headers }));
    const spent = cpuByPart({}, before, {}, name);
    const result = summarize(runs);
    const perCall = (part: string) => (spent[part] ?? 0) / Math.max(1, result.ok);
    return { ...result, cpu: { here: perCall('bench client'), postgres: perCall('PostgreSQL') } };
  };
  const loaded = [];
  for (const call of [bff, ...parts]) {
    loaded.push({ ...call, result: await measure(call.path) });
    step(`${call.name}: done`);
  }

  // One after another, unloaded: what the browser would wait for calling the parts in turn.
  const serial = async (path: string) => serialLatencies(`${gateway}${path}`, SERIAL_SAMPLES, 10_000, 15_000, headers);
  const bffAlone = await serial(bff.path);
  const partsAlone: number[][] = [];
  for (const part of parts) partsAlone.push(await serial(part.path));
  const p50 = (sorted: number[]) => percentile(sorted, 0.5);
  const p99 = (sorted: number[]) => percentile(sorted, 0.99);
  const sumP50 = partsAlone.reduce((sum, s) => sum + p50(s), 0);
  const sumP99 = partsAlone.reduce((sum, s) => sum + p99(s), 0);

  const [dashboard] = loaded;
  const met = (dashboard?.result.p99 ?? Number.POSITIVE_INFINITY) < TARGET_P99_MS && dashboard?.result.errors === 0;
  const markdown = [
    `## Dashboard results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}; load average before: ${loadBefore}.`,
    `Setup: ${seeded.gigs.toLocaleString('en-US')} gigs, ${seeded.users.toLocaleString('en-US')} people, ${seeded.events} events (seeded in ${(seedMs / 1000).toFixed(1)} s), PostgreSQL pool ${POOL_SIZE}; everything through the gateway as a signed-in freelancer; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_MS / 1000} s after a 1 s warm-up. Whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s.`,
    '',
    `### Under load (${CONNECTIONS} connections; ms)`,
    '',
    '| call | p50 | p99 | req/s | errors | CPU ms per call: this process (gateway, services, load), PostgreSQL |',
    '|---|---|---|---|---|---|',
    ...loaded.map(
      ({ name, result }) =>
        `| ${name} | ${ms(result.p50)} | ${ms(result.p99)} | ${Math.round(result.rps)} | ${result.errors} | ${result.cpu.here.toFixed(2)}, ${result.cpu.postgres.toFixed(2)} |`,
    ),
    '',
    `### One request at a time (${SERIAL_SAMPLES} each; ms)`,
    '',
    '| | p50 | p99 |',
    '|---|---|---|',
    `| dashboard (one call) | ${ms(p50(bffAlone))} | ${ms(p99(bffAlone))} |`,
    ...parts.map((part, i) => `| ${part.name} | ${ms(p50(partsAlone[i] ?? []))} | ${ms(p99(partsAlone[i] ?? []))} |`),
    `| the five, one after another (sum) | ${ms(sumP50)} | ${ms(sumP99)} |`,
    '',
    '### Target',
    '',
    `- Dashboard p99 < ${TARGET_P99_MS} ms through the gateway at ${CONNECTIONS} connections: ${ms(dashboard?.result.p99 ?? Number.NaN)} ms, ${met ? 'met' : '**missed**'}.`,
  ].join('\n');
  console.log(markdown);
  await writeSection(
    RESULTS_FILE,
    'dashboard',
    '# Dashboard: benchmark\n\nHow to run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dashboard` (creates and drops a database `cw_bench_<random>`). The statistics behind top freelancers are filled from the seeded gigs in SQL, as identity would count them from the gig events the benchmark leaves out.\n',
    markdown,
  );
  step(`results written to ${RESULTS_FILE}`);
} catch (error) {
  console.error('[bench:dashboard] failed:', error);
  process.exitCode = 1;
} finally {
  await stopEach('bench:dashboard', [() => platform?.stop(), () => bus.close(), () => database?.close(), drop]);
}
process.exit(process.exitCode ?? 0);

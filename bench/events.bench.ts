// `npm run bench:events`: event search at 10,000 events through the gateway, and registrations on
// one hot event with 1,000 seats from 200 people at once. Needs DATABASE_URL (a PostgreSQL server
// it may create a database on).
import { randomUUID } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { eventsRoutes, type QueryOf, urlOf } from '@commonwork/contracts';
import { issueAccessToken, loadKeyStore } from '@commonwork/identity';
import { createLogger, type Database, MemoryBus, openDatabase } from '@commonwork/kit';
import { buildEvent } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { startPlatform } from '../deploy/local/platform.ts';
import { seedDemo } from '../deploy/local/seed.ts';
import { createBenchDatabase, stopEach } from './benchDatabase.ts';
import { drained } from './drained.ts';
import { ms } from './format.ts';
import { type LoadRun, percentile, runLoad, summarize } from './load.ts';
import { droppingEventsOf } from './quietBus.ts';
import { restClient } from './rest.ts';
import { runRsvpLoad } from './rsvpLoad.ts';
import { writeSection } from './section.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const USERS = 200;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const ROUNDS = 4;
const ROUND_MS = 2_000;
const SEATS = 1_000;
/** More people than seats, so the event fills and the rest are refused: overbooking would show. */
const PEOPLE = 1_200;
const CONCURRENCY = 200;
const POOL_SIZE = 20;
const TARGETS = { searchP99Ms: 30, registrationsPerSecond: 300 } as const;
const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

/** The load tools take a URL: the event list's, with the query the events page sends. */
const listing = (query: QueryOf<typeof eventsRoutes.listEvents>) =>
  urlOf(eventsRoutes.listEvents.url, {}, { page: 1, limit: 12, ...query, sort: 'date' });
const SCENARIOS = [
  { id: 'a', name: 'listing, page 1 (as the events page asks)', path: listing({}) },
  { id: 'b', name: 'search, 1 word', path: listing({ search: 'typescript' }) },
  { id: 'c', name: 'search, 2 words', path: listing({ search: 'typescript meetup' }) },
  { id: 'd', name: 'search, a typo', path: listing({ search: 'hackaton' }) },
  {
    id: 'e',
    name: 'search + type + location + free',
    path: listing({ search: 'meetup', category: 'meetup', 'location[type]': 'offline', 'priceRange[min]': 0, 'priceRange[max]': 0 }),
  },
];

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'npm run bench:events needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:events',
  );
  process.exit(2);
}
const step = (message: string) => console.error(`[bench:events] ${message}`);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

async function searchScenario(path: string, directUrl: string, gatewayUrl: string) {
  for (const base of [directUrl, gatewayUrl]) {
    const res = await fetch(`${base}${path}`);
    const body = (await res.json()) as { data?: { events?: unknown[] } };
    if (res.status !== 200 || !body.data?.events?.length) throw new Error(`${path} on ${base}: ${res.status}, nothing found`);
  }
  await runLoad({ url: `${gatewayUrl}${path}`, connections: CONNECTIONS, durationMs: 1_000 });
  const direct: LoadRun[] = [];
  const gateway: LoadRun[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    direct.push(await runLoad({ url: `${directUrl}${path}`, connections: CONNECTIONS, durationMs: ROUND_MS }));
    gateway.push(await runLoad({ url: `${gatewayUrl}${path}`, connections: CONNECTIONS, durationMs: ROUND_MS }));
  }
  return { direct: summarize(direct), gateway: summarize(gateway) };
}

const runStarted = Date.now();
const { url: benchUrl, drop } = await createBenchDatabase(serverUrl);

let database: Database | undefined;
let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
const log = createLogger('bench', 'silent');
// The seed's events and the benchmark's own: their consumers (event channels) are not what is measured here.
const bus = droppingEventsOf(new MemoryBus(log), ['events', 'marketplace']);
try {
  database = await openDatabase({ url: benchUrl, poolSize: 2 });
  const seedStarted = Date.now();
  const seeded = await seedDemo(database, { users: USERS, gigs: 0, events: EVENTS, seed: 42 });
  if (!seeded.seeded) throw new Error('a fresh database already had gigs');
  const seedMs = Date.now() - seedStarted;
  step(`seeded ${seeded.users} people and ${seeded.events} events in ${(seedMs / 1000).toFixed(1)} s`);
  for (const table of ['events.events', 'events.event_attendees', 'events.people'])
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
  const loadBefore = loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

  const searches = [];
  for (const scenario of process.env.BENCH_SKIP_SEARCH ? [] : SCENARIOS) {
    searches.push({ ...scenario, ...(await searchScenario(scenario.path, platform.services.events.url, platform.url)) });
    step(`${scenario.id}. ${scenario.name}: done`);
  }

  // One hot event; tokens signed as identity signs them, for people the events service has not heard of (shown as 'Member').
  const token = (sub: string) => issueAccessToken(keys.active, { sub, email: `${sub}@bench.example`, role: 'user' }, 3_600);
  const organizer = await token(randomUUID());
  const event = (
    await restClient(platform.url).call(eventsRoutes.createEvent, {
      token: organizer,
      body: buildEvent({ title: 'The hot event', maxAttendees: SEATS }),
    })
  ).data;
  const people = Array.from({ length: PEOPLE }, () => randomUUID());
  const tokens = await Promise.all(people.map(token));
  const base = process.env.BENCH_RSVP_DIRECT ? platform.services.events.url : platform.url;
  const answers = await runRsvpLoad({
    url: `${base}${urlOf(eventsRoutes.register.url, { id: event.id })}`,
    tokens,
    concurrency: CONCURRENCY,
  });
  const acked = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 409);
  const failed = answers.length - acked.length - refused.length;
  const fullAt = Math.max(...acked.map((a) => a.at));
  const rate = acked.length / (fullAt / 1000);
  const latencies = acked.map((a) => a.ms).sort((a, b) => a - b);
  const seats = await sql<{ user_id: string }>`select user_id from events.event_attendees where event_id = ${event.id}`.execute(
    database.root,
  );
  const seated = new Set(seats.rows.map((r) => r.user_id));
  const count = Number(
    (await sql<{ n: number }>`select attendee_count as n from events.events where id = ${event.id}`.execute(database.root)).rows[0]?.n,
  );
  const lost = acked.filter((a) => !seated.has(people[a.person] as string)).length;
  step(`registrations: ${acked.length} acknowledged at ${rate.toFixed(0)}/s, ${refused.length} refused, ${failed} failed`);

  const searchRows = searches.map(
    (s) =>
      `| ${s.id}. ${s.name} | ${ms(s.gateway.p50)} | ${ms(s.gateway.p99)} | ${Math.round(s.gateway.rps)} | ${ms(s.direct.p50)} | ${ms(s.direct.p99)} | ${s.gateway.errors} |`,
  );
  const worstP99 = Math.max(...searches.map((s) => s.gateway.p99));
  const markdown = [
    `## Events results (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`,
    '',
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}; load average before: ${loadBefore}.`,
    `Setup: ${seeded.events.toLocaleString('en-US')} published events (${seeded.users} people, seeded in ${(seedMs / 1000).toFixed(1)} s), PostgreSQL pool ${POOL_SIZE}; searches at ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_MS / 1000} s through the gateway alternating with straight to the events service. Whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s.`,
    '',
    '### Search (ms; req/s through the gateway)',
    '',
    '| scenario | gateway p50 | gateway p99 | gateway req/s | direct p50 | direct p99 | errors |',
    '|---|---|---|---|---|---|---|',
    ...searchRows,
    '',
    `### Registrations: one event, ${SEATS.toLocaleString('en-US')} seats, ${PEOPLE.toLocaleString('en-US')} people, ${CONCURRENCY} at once`,
    '',
    '| acknowledged | refused (full) | failed | registrations/s until full | p50 ms | p99 ms | seats taken (table / count) | acknowledged but missing |',
    '|---|---|---|---|---|---|---|---|',
    `| ${acked.length} | ${refused.length} | ${failed} | ${rate.toFixed(0)} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.99))} | ${seated.size} / ${count} | ${lost} |`,
    '',
    '### Targets',
    '',
    `- Search p99 < ${TARGETS.searchP99Ms} ms through the gateway at ${CONNECTIONS} connections: worst ${ms(worstP99)} ms, ${verdict(worstP99 < TARGETS.searchP99Ms)}.`,
    `- At least ${TARGETS.registrationsPerSecond} registrations/s: ${rate.toFixed(0)}/s, ${verdict(rate >= TARGETS.registrationsPerSecond)}.`,
    `- Zero overbooking: ${seated.size} seats for ${SEATS}, ${verdict(seated.size <= SEATS && count === seated.size && acked.length === SEATS)}.`,
    `- Every acknowledged registration present: ${lost} missing, ${verdict(lost === 0)}.`,
  ].join('\n');
  console.log(markdown);
  await writeSection(
    RESULTS_FILE,
    'events',
    '# Tech events: benchmark\n\nHow to run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:events` (creates and drops a database `cw_bench_<random>`).\n',
    markdown,
  );
  step(`results written to ${RESULTS_FILE}`);
} catch (error) {
  console.error('[bench:events] failed:', error);
  process.exitCode = 1;
} finally {
  await stopEach('bench:events', [() => platform?.stop(), () => bus.close(), () => database?.close(), drop]);
}
process.exit(process.exitCode ?? 0);

import { parseArgs } from 'node:util';
import { type Database, kitMigrations, type Logger, migrateSchema, mulberry32 } from '@commonwork/kit';
import { seedDrafts } from '../../services/drafts/src/drafts/seed.ts';
import { migrations as draftsMigrations } from '../../services/drafts/src/migrations.ts';
import { seedEvents } from '../../services/events/src/events/seed.ts';
import { migrations as eventsMigrations } from '../../services/events/src/migrations.ts';
import { migrations as identityMigrations } from '../../services/identity/src/migrations.ts';
import { seedUsers } from '../../services/identity/src/users/seed.ts';
import { seedFreelancers, seedGigs } from '../../services/marketplace/src/gigs/seed.ts';
import { migrations as marketplaceMigrations } from '../../services/marketplace/src/migrations.ts';

export interface DemoOptions {
  /** People to register; default 40. */
  users?: number;
  /** Gigs to publish; default 300. */
  gigs?: number;
  /** Tech events to publish, with a few attendees each; default 24. */
  events?: number;
  /** PRNG seed: the same number gives the same people and gigs; default 42. */
  seed?: number;
  /** Reference time the demo history is dated back from; default now. */
  now?: Date;
}

export type DemoResult =
  | { seeded: false; existingGigs: number }
  | { seeded: true; users: number; freelancers: number; gigs: number; events: number; drafts: number; ms: number };

/** Migrates the seeded services' schemas exactly as the services do when they start. */
export async function migrateServices(database: Database) {
  await migrateSchema(database, 'identity', [...kitMigrations(), ...identityMigrations]);
  await migrateSchema(database, 'marketplace', [...kitMigrations(), ...marketplaceMigrations]);
  await migrateSchema(database, 'events', [...kitMigrations(), ...eventsMigrations]);
  await migrateSchema(database, 'drafts', [...kitMigrations(), ...draftsMigrations]);
}

/**
 * Seeds the demo through each service's own write path: people (identity's events and users
 * table), their freelancer cards (marketplace's read model, as the bus would feed it), then gigs
 * (marketplace's events and gigs table), then tech events with their attendees (the events service's
 * events), then a half-done gig and event form per person (the drafts service's events). Refuses
 * when marketplace already has gigs.
 */
export async function seedDemo(database: Database, options: DemoOptions = {}, log?: Logger): Promise<DemoResult> {
  const started = Date.now();
  await migrateServices(database);
  const existing = await database.root
    .selectFrom('marketplace.gigs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  const existingGigs = Number(existing?.n ?? 0);
  if (existingGigs > 0) return { seeded: false, existingGigs };

  const rng = mulberry32(options.seed ?? 42);
  const now = options.now ?? new Date();
  const metadata = { actorId: null, correlationId: `seed-${options.seed ?? 42}`, causationId: null };
  const users = await seedUsers(database, options.users ?? 40, rng, { now, metadata });
  log?.info({ users: users.length }, 'demo people seeded');
  const freelancers = await seedFreelancers(
    database,
    users.map((u) => ({ card: u.card, at: u.cardAt })),
  );
  const gigs = await seedGigs(
    database,
    users.map((u) => ({ userId: u.userId, focus: u.focus })),
    options.gigs ?? 300,
    rng,
    { now, metadata },
  );
  log?.info({ gigs: gigs.length }, 'demo gigs seeded');
  const events =
    users.length >= 2
      ? await seedEvents(
          database,
          users.map((u) => ({ card: u.card, at: u.cardAt })),
          options.events ?? 24,
          rng,
          { now, metadata },
        )
      : 0;
  log?.info({ events }, 'demo events seeded');
  const drafts = await seedDrafts(
    database,
    users.map((u) => u.userId),
    rng,
    { now, metadata },
  );
  log?.info({ drafts }, 'demo drafts seeded');
  return { seeded: true, users: users.length, freelancers, gigs: gigs.length, events, drafts, ms: Date.now() - started };
}

/** `npm run seed -- --users N --gigs N --events N --seed N`: seeds the database `npm start` uses (stop the platform first in embedded mode). */
async function main() {
  const { CommonConfig, createLogger, loadConfig, openInfrastructure } = await import('@commonwork/kit');
  const { values } = parseArgs({
    options: { users: { type: 'string' }, gigs: { type: 'string' }, events: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  });
  const number = (name: keyof typeof values, fallback: number) => {
    const raw = values[name];
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 0) {
      console.error(`--${name} must be a whole number, got ${raw}`);
      process.exit(64);
    }
    return n;
  };
  const options = { users: number('users', 40), gigs: number('gigs', 300), events: number('events', 24), seed: number('seed', 42) };
  if (options.users < 1 && options.gigs > 0) {
    console.error('--users must be at least 1 when there are gigs to own');
    process.exit(64);
  }
  const config = loadConfig(CommonConfig);
  const log = createLogger('seed', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const infra = await openInfrastructure(config, log);
  try {
    const result = await seedDemo(infra.database, options, log);
    if (!result.seeded) {
      console.log(`Marketplace already has ${result.existingGigs} gigs: nothing seeded.`);
      return;
    }
    const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite under ${config.DATA_DIR}`;
    console.log(
      `Seeded ${result.users} people, ${result.freelancers} freelancer cards, ${result.gigs} gigs, ${result.events} events and ${result.drafts} drafts into ${where} in ${(result.ms / 1000).toFixed(1)} s (seed ${options.seed}).`,
    );
  } finally {
    await infra.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

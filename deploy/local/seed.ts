import { parseArgs } from 'node:util';
import { seedDemo } from './demo/seedDemo.ts';

// The demo itself is made in demo/ (seedDemo.ts, one module per kind of thing it makes); this is
// `npm run seed`, and the entry the launcher and the benchmarks import.
export { type DemoOptions, type DemoResult, migrateServices, platformContents, seedDemo } from './demo/seedDemo.ts';

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
      console.log(
        `The platform already has ${result.existingUsers} people and ${result.existingGigs} gigs: nothing seeded (the demo goes only into an empty one).`,
      );
      return;
    }
    const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite under ${config.DATA_DIR}`;
    console.log(
      `Seeded ${result.users} people, ${result.gigs} gigs, ${result.events} events, ${result.pictures} pictures, ${result.channels} channels, ${result.chats} conversations, ${result.interests} gig interests, ${result.orders} orders, ${result.reviews} reviews and ${result.drafts} drafts into ${where} in ${(result.ms / 1000).toFixed(1)} s (seed ${options.seed}).`,
    );
    if (result.host) console.log(`Sign in with the developer sign-in as ${result.host.email} (${result.host.name}) to see a full account.`);
  } finally {
    await infra.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

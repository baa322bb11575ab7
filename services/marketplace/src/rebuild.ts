import { type Database, readAll, type StoredEvent } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { GigEvent } from './gigs/gig.ts';
import { type MarketplaceTables, projectGigEvents } from './gigs/projection.ts';

/**
 * Replays marketplace's event store into an emptied gigs table in one transaction. Freelancers
 * (identity's events) and view counters are not marketplace's events and are kept as they are.
 */
export async function rebuildProjections(database: Database) {
  const db = database.forSchema<MarketplaceTables>('marketplace');
  let replayed = 0;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('gigs').execute();
    for (let position = 0; ; ) {
      const batch = await readAll(trx, position, 500);
      if (batch.length === 0) break;
      await projectGigEvents(trx as Kysely<MarketplaceTables>, batch as StoredEvent<GigEvent>[]);
      position = batch.at(-1)?.globalPosition ?? position;
      replayed += batch.length;
    }
  });
  return replayed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createLogger, loadConfig, openDatabase } = await import('@commonwork/kit');
  const { MarketplaceConfig } = await import('./config.ts');
  const { join } = await import('node:path');
  const config = loadConfig(MarketplaceConfig);
  const log = createLogger('marketplace-rebuild', config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pglite') });
  log.info({ replayed: await rebuildProjections(database) }, 'marketplace projections rebuilt');
  await database.close();
}

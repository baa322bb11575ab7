import { type Database, readAll, type StoredEvent } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { IdentityTables } from './users/projection.ts';
import { projectUserEvents } from './users/projection.ts';
import type { UserEvent } from './users/user.ts';

/**
 * Replays identity's event store into emptied read tables, in one transaction, so readers see the
 * old tables or the new ones and never a half-built state.
 */
export async function rebuildProjections(database: Database) {
  const db = database.forSchema<IdentityTables>('identity');
  let replayed = 0;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('users').execute();
    for (let position = 0; ; ) {
      const batch = await readAll(trx, position, 500);
      if (batch.length === 0) break;
      await projectUserEvents(trx as Kysely<IdentityTables>, batch as StoredEvent<UserEvent>[]);
      position = batch.at(-1)?.globalPosition ?? position;
      replayed += batch.length;
    }
  });
  return replayed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createLogger, loadConfig, openDatabase } = await import('@commonwork/kit');
  const { IdentityConfig } = await import('./config.ts');
  const { join } = await import('node:path');
  const config = loadConfig(IdentityConfig);
  const log = createLogger('identity-rebuild', config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pglite') });
  const replayed = await rebuildProjections(database);
  log.info({ replayed }, 'identity projections rebuilt');
  await database.close();
}

import { isAbsolute, join, resolve } from 'node:path';
import { projections as drafts } from '@commonwork/drafts';
import { projections as events } from '@commonwork/events';
import { projections as identity } from '@commonwork/identity';
import { CommonConfig, createLogger, type Database, loadConfig, openDatabase, rebuildProjections } from '@commonwork/kit';
import { projections as marketplace } from '@commonwork/marketplace';
import { projections as media } from '@commonwork/media';
import { projections as messaging } from '@commonwork/messaging';
import { projections as notifications } from '@commonwork/notifications';
import { sql } from 'kysely';

// `npm run rebuild` replays every service's event store into its emptied read tables;
// `npm run rebuild -w services/<name>` (or `npm run rebuild -- <name>`) just that one.
// Stop an embedded platform first: PGlite has one writer.
const ALL: Record<string, (database: Database) => Promise<number>> = {
  identity: (database) => rebuildProjections(database, identity),
  marketplace: (database) => rebuildProjections(database, marketplace),
  messaging: (database) => rebuildProjections(database, messaging),
  events: (database) => rebuildProjections(database, events),
  media: (database) => rebuildProjections(database, media),
  notifications: (database) => rebuildProjections(database, notifications),
  drafts: (database) => rebuildProjections(database, drafts),
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in ALL));
if (unknown.length > 0) {
  console.error(`Unknown service: ${unknown.join(', ')} (services: ${Object.keys(ALL).join(', ')})`);
  process.exit(64);
}
const config = loadConfig(CommonConfig);
const log = createLogger('rebuild', config.LOG_LEVEL);
// `-w` runs this from the workspace's folder: a relative DATA_DIR means the folder npm was called from.
const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(dataDir, 'pglite') });
try {
  for (const name of names.length > 0 ? names : Object.keys(ALL)) {
    const started = Date.now();
    const { rows } = await sql`select 1 from information_schema.schemata where schema_name = ${name}`.execute(database.root);
    if (rows.length === 0) {
      log.info({ service: name }, 'not started here yet: nothing to rebuild');
      continue;
    }
    const replayed = await ALL[name]?.(database);
    log.info({ service: name, replayed, ms: Date.now() - started }, 'projections rebuilt');
  }
} finally {
  await database.close();
}

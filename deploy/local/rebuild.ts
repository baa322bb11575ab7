import { isAbsolute, join, resolve } from 'node:path';
import { CommonConfig, createLogger, loadConfig, openDatabase, readSide, rebuildPlatform } from '@commonwork/kit';
import { SERVICE_PARTS } from './services.ts';

// `npm run rebuild` rebuilds every service's read tables: those of its own events from its event
// store, and the read models it keeps of other services' events from theirs, mapped by their
// `publish` as they were published; `npm run rebuild -w services/<name>` (or `npm run rebuild -- <name>`)
// just that one service's. Stop an embedded platform first: PGlite has one writer.
const ALL = Object.values(SERVICE_PARTS).map((part) => readSide(part.projections));

const names = process.argv.slice(2);
const unknown = names.filter((name) => !ALL.some((s) => s.schema === name));
if (unknown.length > 0) {
  console.error(`Unknown service: ${unknown.join(', ')} (services: ${ALL.map((s) => s.schema).join(', ')})`);
  process.exit(64);
}
const config = loadConfig(CommonConfig);
const log = createLogger('rebuild', config.LOG_LEVEL);
// `-w` runs this from the workspace's folder: a relative DATA_DIR means the folder npm was called from.
const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(dataDir, 'pglite') });
try {
  const rebuilt = await rebuildPlatform(database, ALL, names.length > 0 ? names : undefined);
  for (const { schema, replayed, ms } of rebuilt) log.info({ service: schema, replayed, ms }, 'projections rebuilt');
  for (const name of names.length > 0 ? names : ALL.map((s) => s.schema))
    if (!rebuilt.some((r) => r.schema === name)) log.info({ service: name }, 'not started here yet: nothing to rebuild');
} finally {
  await database.close();
}

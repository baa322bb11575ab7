import { resolve } from 'node:path';
import { backupPglite, backupPostgres } from './archive.ts';
import { main, target } from './cli.ts';

// `npm run backup [-- <folder>]`: every service's schema (contracts' SERVICE_NAMES) into a new folder,
// default backups/<time>. On DATABASE_URL: pg_dump, one snapshot of every schema. Embedded (no
// DATABASE_URL): PGlite's data directory under DATA_DIR, dumped by PGlite; stop the platform first.
// docs/operations.md says how to restore, and what a backup leaves out (the bus, identity's keys).
await main(async () => {
  const { databaseUrl, pgliteDir, from } = target();
  const folder = resolve(from, process.argv[2] ?? `backups/${new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '')}`);
  const started = Date.now();
  const manifest = databaseUrl ? await backupPostgres(databaseUrl, folder) : await backupPglite(pgliteDir, folder);
  console.log(`Backed up ${manifest.schemas.join(', ')} (${manifest.kind}) into ${folder} in ${Date.now() - started} ms`);
});

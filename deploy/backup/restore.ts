import { resolve } from 'node:path';
import { restorePglite, restorePostgres } from './archive.ts';
import { main, target } from './cli.ts';

// `npm run restore -- <folder>`: a backup made by `npm run backup` into a fresh database: on
// DATABASE_URL, a database holding none of the backup's schemas; embedded, a DATA_DIR holding no
// database. Then `npm run rebuild` and start the platform (docs/operations.md).
await main(async () => {
  const [folder] = process.argv.slice(2);
  if (!folder) {
    console.error('Usage: npm run restore -- <backup folder> (into DATABASE_URL, or PGlite under DATA_DIR)');
    process.exit(64);
  }
  const { databaseUrl, pgliteDir, from } = target();
  const dir = resolve(from, folder);
  const started = Date.now();
  const manifest = databaseUrl ? await restorePostgres(dir, databaseUrl) : await restorePglite(dir, pgliteDir);
  console.log(
    `Restored ${manifest.schemas.join(', ')} (${manifest.kind}, backed up ${manifest.createdAt}) in ${Date.now() - started} ms; next: npm run rebuild, then start the platform`,
  );
});

import { isAbsolute, join, resolve } from 'node:path';
import { BackupRefused } from './archive.ts';

/**
 * Where the database is, as every process of the platform reads it: DATABASE_URL, else PGlite under
 * DATA_DIR/pglite (default ./data). Read here without the kit, so the commands start quickly.
 */
export function target() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl && !URL.canParse(databaseUrl)) throw new BackupRefused('DATABASE_URL is not a URL (postgres://user@host:5432/database)');
  // Relative paths mean the folder npm was called from (INIT_CWD), as `npm run rebuild` reads them.
  const from = process.env.INIT_CWD ?? process.cwd();
  const dataDir = process.env.DATA_DIR || './data';
  return { databaseUrl, pgliteDir: join(isAbsolute(dataDir) ? dataDir : resolve(from, dataDir), 'pglite'), from };
}

/** Runs a CLI's work: a refusal is one line naming why (exit 1), anything else its stack. */
export async function main(work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (error instanceof BackupRefused) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SERVICE_NAMES } from '@commonwork/contracts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

// What `npm run backup` and `npm run restore` do, for both modes: a PostgreSQL server (pg_dump of
// every service's schema in one snapshot, pg_restore into a fresh database) and embedded PGlite (its
// data directory as PGlite dumps it, loaded into a fresh one). The services are the manifest's
// (contracts' SERVICE_NAMES): a service added there is backed up without a change here.

const run = promisify(execFile);

/** What a backup folder holds besides its archive, read back by the restore. */
export interface BackupManifest {
  format: 'commonwork-backup';
  version: 1;
  kind: 'postgres' | 'pglite';
  createdAt: string;
  /** The service schemas in the archive (the manifest's services this database had started). */
  schemas: string[];
  /** postgres: the extensions the schemas' objects use (pg_trgm), created before the restore. */
  extensions: { name: string; schema: string }[];
  /** postgres: the server's major version and pg_dump's. */
  serverMajor?: number;
  pgDumpMajor?: number;
}

export const MANIFEST_FILE = 'manifest.json';
/** pg_dump's custom format: compressed, and pg_restore can take one schema of it (`-n`). */
export const POSTGRES_ARCHIVE = 'services.dump';
/** PGlite's `dumpDataDir('gzip')`: a tarball of the data directory. */
export const PGLITE_ARCHIVE = 'pglite.tar.gz';

/** The programs, `PG_DUMP` and `PG_RESTORE` when set (another version's, e.g. /usr/lib/postgresql/16/bin/pg_dump). */
const pgDump = () => process.env.PG_DUMP ?? 'pg_dump';
const pgRestore = () => process.env.PG_RESTORE ?? 'pg_restore';

/** An error an operator reads (the CLIs print its message alone and exit 1). */
export class BackupRefused extends Error {}

/**
 * The URL without its password, and the environment passing the password to pg_dump/pg_restore
 * (PGPASSWORD): a password on a command line is visible to everyone on the machine (ps).
 */
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/** A program's major version, from `--version` ("pg_dump (PostgreSQL) 15.20 (Debian …)"). */
async function majorOf(program: string): Promise<number> {
  const { stdout } = await run(program, ['--version']).catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefused(
      error.code === 'ENOENT'
        ? `${program} is not installed (Debian: apt-get install postgresql-client; or set ${program === pgDump() ? 'PG_DUMP' : 'PG_RESTORE'})`
        : `${program} --version failed: ${error.message}`,
    );
  });
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1]);
  if (!major) throw new BackupRefused(`${program} --version said "${stdout.trim()}", not a PostgreSQL version`);
  return major;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The manifest's services whose schema this database holds, in the manifest's order. */
async function startedSchemas(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('select schema_name as name from information_schema.schemata');
  const present = new Set(rows.map((row) => row.name));
  return SERVICE_NAMES.filter((name) => present.has(name));
}

async function writeManifest(dir: string, manifest: BackupManifest) {
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(join(dir, MANIFEST_FILE), 'utf8').catch(() => {
    throw new BackupRefused(`${dir} holds no ${MANIFEST_FILE}: not a backup made by npm run backup`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'commonwork-backup' || manifest.version !== 1)
    throw new BackupRefused(`${join(dir, MANIFEST_FILE)} is not a Commonwork backup of version 1`);
  return manifest;
}

/** A folder to write a backup into: made when missing, refused when it holds anything. */
async function emptyFolder(dir: string) {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new BackupRefused(`${dir} is not empty: a backup goes into a new folder`);
}

/**
 * Backs up every service's schema of a PostgreSQL database into `dir`: one pg_dump of all of them
 * (one snapshot, so what one service's read models hold of another's events is as consistent as
 * the live database was), in the custom format, with a manifest naming the schemas and extensions.
 * pg_dump must be at least the server's major version (it refuses an older one itself; we say so first).
 */
export async function backupPostgres(databaseUrl: string, dir: string): Promise<BackupManifest> {
  const { url, env } = connection(databaseUrl);
  const { schemas, extensions, serverMajor } = await withClient(databaseUrl, async (client) => {
    const { rows: version } = await client.query<{ v: string }>('show server_version_num');
    const { rows: ext } = await client.query<{ name: string; schema: string }>(
      `select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname <> 'plpgsql' order by 1`,
    );
    return { schemas: await startedSchemas(client), extensions: ext, serverMajor: Math.floor(Number(version[0]?.v) / 10_000) };
  });
  if (schemas.length === 0)
    throw new BackupRefused('this database holds no service schema: nothing to back up (has the platform started on it?)');
  const pgDumpMajor = await majorOf(pgDump());
  if (pgDumpMajor < serverMajor)
    throw new BackupRefused(
      `${pgDump()} is PostgreSQL ${pgDumpMajor} and the server ${serverMajor}: set PG_DUMP to a pg_dump ${serverMajor} or newer`,
    );
  await emptyFolder(dir);
  await run(
    pgDump(),
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...schemas.map((s) => `--schema=${s}`),
      `--file=${join(dir, POSTGRES_ARCHIVE)}`,
      url,
    ],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const manifest: BackupManifest = {
    format: 'commonwork-backup',
    version: 1,
    kind: 'postgres',
    createdAt: new Date().toISOString(),
    schemas,
    extensions,
    serverMajor,
    pgDumpMajor,
  };
  await writeManifest(dir, manifest);
  return manifest;
}

/**
 * Restores a PostgreSQL backup into a database holding none of its schemas (a fresh one): its
 * extensions first (as the services' migrations make them), then every schema in one transaction,
 * so a restore that fails leaves the database as it found it.
 */
export async function restorePostgres(dir: string, databaseUrl: string): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if (manifest.kind !== 'postgres')
    throw new BackupRefused(`${dir} is a backup of embedded mode (PGlite): restore it with DATA_DIR set and DATABASE_URL unset`);
  const pgRestoreMajor = await majorOf(pgRestore());
  if (manifest.pgDumpMajor && pgRestoreMajor < manifest.pgDumpMajor)
    throw new BackupRefused(
      `${pgRestore()} is PostgreSQL ${pgRestoreMajor} and the backup was made by pg_dump ${manifest.pgDumpMajor}: set PG_RESTORE to a newer one`,
    );
  await withClient(databaseUrl, async (client) => {
    const present = (await startedSchemas(client)).filter((s) => manifest.schemas.includes(s));
    if (present.length > 0)
      throw new BackupRefused(
        `this database already holds ${present.join(', ')}: restore into a fresh database (createdb), never over a live one`,
      );
    for (const { name, schema } of manifest.extensions)
      await client.query(`create extension if not exists ${pg.escapeIdentifier(name)} with schema ${pg.escapeIdentifier(schema)}`);
  });
  const { url, env } = connection(databaseUrl);
  await run(
    pgRestore(),
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${url}`, join(dir, POSTGRES_ARCHIVE)],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: Error & { stderr?: string }) => {
    throw new BackupRefused(`pg_restore failed, nothing was restored: ${error.stderr?.trim() || error.message}`);
  });
  return manifest;
}

const openPglite = (dataDir: string, loadDataDir?: Blob) =>
  PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir && { loadDataDir }) });

/** Whether a PGlite data directory holds a database (PGlite writes PG_VERSION on its first start). */
async function holdsDatabase(dataDir: string) {
  return (await readdir(dataDir).catch(() => [] as string[])).includes('PG_VERSION');
}

/**
 * Backs up an embedded platform's database (PGlite under `dataDir`, which is DATA_DIR/pglite) into
 * `dir`: the data directory as PGlite's own `dumpDataDir` writes it (a gzipped tarball), every schema
 * in it. PGlite has one writer: the platform must be stopped, as for `npm run rebuild` and `npm run seed`.
 */
export async function backupPglite(dataDir: string, dir: string): Promise<BackupManifest> {
  if (!(await holdsDatabase(dataDir))) throw new BackupRefused(`${dataDir} holds no PGlite database: nothing to back up`);
  const db = await openPglite(dataDir);
  try {
    const { rows } = await db.query<{ name: string }>('select schema_name as name from information_schema.schemata');
    const schemas = SERVICE_NAMES.filter((name) => rows.some((row) => row.name === name));
    await emptyFolder(dir);
    // Everything written reaches the data files first: the restored copy starts without replaying WAL.
    await db.exec('checkpoint');
    const tarball = await db.dumpDataDir('gzip');
    await writeFile(join(dir, PGLITE_ARCHIVE), Buffer.from(await tarball.arrayBuffer()));
    const manifest: BackupManifest = {
      format: 'commonwork-backup',
      version: 1,
      kind: 'pglite',
      createdAt: new Date().toISOString(),
      schemas,
      extensions: [],
    };
    await writeManifest(dir, manifest);
    return manifest;
  } finally {
    await db.close();
  }
}

/** Restores an embedded backup into a PGlite data directory that holds no database yet (a fresh DATA_DIR). */
export async function restorePglite(dir: string, dataDir: string): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if (manifest.kind !== 'pglite')
    throw new BackupRefused(`${dir} is a backup of a PostgreSQL server: restore it with DATABASE_URL set to a fresh database`);
  if (await holdsDatabase(dataDir))
    throw new BackupRefused(`${dataDir} already holds a database: restore into a fresh DATA_DIR, never over a live one`);
  const tarball = new Blob([await readFile(join(dir, PGLITE_ARCHIVE))]);
  await mkdir(dataDir, { recursive: true });
  const db = await openPglite(dataDir, tarball);
  await db.close();
  return manifest;
}

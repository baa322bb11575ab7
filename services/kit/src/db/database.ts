import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { withCommitHooksDialect } from './commitHooks.ts';

// Kysely's own examples type an untyped handle this way; each service narrows it with its table types.
// biome-ignore lint/suspicious/noExplicitAny: the root handle spans every service's schema
export type AnyDb = Kysely<any>;

/** One database connection for the process; services each work in their own schema of it. */
export interface Database {
  kind: 'postgres' | 'pglite';
  root: AnyDb;
  /** A handle whose unqualified table names resolve in `schema` (the service's own). */
  // biome-ignore lint/suspicious/noExplicitAny: untyped unless the caller names its tables
  forSchema<DB = any>(schema: string): Kysely<DB>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; when unset, PGlite (WASM PostgreSQL) is used. */
  url?: string | undefined;
  /** PGlite data directory; unset keeps the data in memory (tests). */
  dataDir?: string | undefined;
  /** An initialised PGlite data directory's tarball to start from (tests): no initdb, seconds less. */
  template?: Blob | undefined;
  /** Pool size against a PostgreSQL server; default 10. */
  poolSize?: number;
  /** Told when an idle pooled connection fails (logged by the caller). */
  onIdleError?: (error: Error) => void;
}

/** Opens PostgreSQL (a server URL) or PGlite (embedded), behind one Kysely interface. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover) is discarded by the pool and the next
    // query opens a new one; without a listener the pool would crash the process instead.
    pool.on('error', (error) => options.onIdleError?.(error));
    return wrap('postgres', new Kysely({ dialect: withCommitHooksDialect(new PostgresDialect({ pool })) }));
  }
  // pg_trgm gives search its typo tolerance; PostgreSQL servers ship it in postgresql-contrib.
  const pglite = await PGlite.create({
    ...(options.dataDir && { dataDir: options.dataDir }),
    ...(options.template && { loadDataDir: options.template }),
    extensions: { pg_trgm },
    // initdb's 128 MB of shared buffers live in the process's WebAssembly memory, which never shrinks.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const root: AnyDb = new Kysely({ dialect: withCommitHooksDialect(new PGliteDialect(pglite)) });
  const db = wrap('pglite', root);
  return {
    ...db,
    close: async () => {
      await root.destroy();
      // The dialect closes PGlite on destroy in some versions; closing twice throws.
      if (!pglite.closed) await pglite.close();
    },
  };
}

function wrap(kind: Database['kind'], root: AnyDb): Database {
  return {
    kind,
    root,
    forSchema: <DB>(schema: string) => root.withSchema(schema) as unknown as Kysely<DB>,
    ping: async () => {
      await sql`select 1`.execute(root);
    },
    close: () => root.destroy(),
  };
}

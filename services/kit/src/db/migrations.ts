import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { AnyDb, Database } from './database.ts';

/** A schema migration of one service: `db` resolves table names in the service's schema. */
export interface ServiceMigration {
  name: string;
  up(db: AnyDb, schema: string): Promise<void>;
}

/**
 * Creates the service's schema if missing and applies its migrations in order, recording them in
 * the schema's own migration table, so services migrate independently of one another. Replicas
 * may start at once: the migrations themselves run under Kysely's lock, but the schema and the
 * migration tables are made first with `if not exists`, which two sessions can both attempt (one
 * then fails on the catalogue's unique index); that one tries again and finds them made.
 */
export async function migrateSchema(database: Database, schema: string, migrations: ServiceMigration[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate(database, schema, migrations);
    } catch (error) {
      if (attempt >= 3 || !createdAlongside(error)) throw error;
    }
  }
}

/** Another session created the same schema or table at the same moment (unique violation, duplicate schema or table). */
const createdAlongside = (error: unknown): boolean => {
  const code = (error as { code?: string } | null)?.code;
  if (code === '23505' || code === '42P06' || code === '42P07') return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && createdAlongside(cause);
};

async function migrate(database: Database, schema: string, migrations: ServiceMigration[]) {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(database.root);
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(migrations.map((m): [string, Migration] => [m.name, { up: (db) => m.up(db.withSchema(schema), schema) }])),
  };
  // The kit's migrations and the service's share one table: a kit migration added later sorts
  // before a service's older ones, and must still run.
  const migrator = new Migrator({ db: database.root, provider, migrationTableSchema: schema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} of schema ${schema} failed: ${String(error)}`, { cause: error });
  }
}

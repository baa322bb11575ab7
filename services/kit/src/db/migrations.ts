import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { AnyDb, Database } from './database.ts';

/** A schema migration of one service: `db` resolves table names in the service's schema. */
export interface ServiceMigration {
  name: string;
  up(db: AnyDb, schema: string): Promise<void>;
}

/**
 * Creates the service's schema if missing and applies its migrations in order, recording them in
 * the schema's own migration table, so services migrate independently of one another.
 */
export async function migrateSchema(database: Database, schema: string, migrations: ServiceMigration[]) {
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

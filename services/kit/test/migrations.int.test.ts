import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { kitMigrations, migrateSchema } from '../src/index.ts';
import { databaseAdapters } from './adapters.ts';

describe.each(databaseAdapters)('migrations on $name', ({ open }) => {
  it('lets replicas that start at once migrate one schema: each succeeds, each migration runs once', async () => {
    const { database, drop } = await open();
    try {
      const schema = `m_${randomBytes(4).toString('hex')}`;
      await Promise.all(Array.from({ length: 4 }, () => migrateSchema(database, schema, kitMigrations())));
      const { rows } = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)} order by name`.execute(
        database.root,
      );
      expect(rows.map((r) => r.name)).toEqual(
        kitMigrations()
          .map((m) => m.name)
          .sort(),
      );
    } finally {
      await drop();
    }
  });
});

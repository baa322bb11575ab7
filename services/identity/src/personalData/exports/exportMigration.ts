import type { ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';

/** People's data exports: the read table of their streams, and the parts the services sent (kept outside events). */
export const exportsMigration: ServiceMigration = {
  name: '0010_person_exports',
  async up(db) {
    await db.schema
      .createTable('person_exports')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('person_id', 'uuid', (c) => c.notNull())
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('person_exports_person_idx').on('person_exports').columns(['person_id', 'requested_at desc']).execute();
    await db.schema
      .createTable('person_export_parts')
      .addColumn('export_id', 'uuid', (c) => c.notNull())
      .addColumn('service', 'text', (c) => c.notNull())
      .addColumn('part', 'jsonb', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('person_export_parts_pkey', ['export_id', 'service'])
      .execute();
  },
};

import type { ServiceMigration } from '@commonwork/kit';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_drafts',
    async up(db) {
      await db.schema
        .createTable('drafts')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('drafts_owner_idx').on('drafts').columns(['owner_id', 'updated_at']).execute();
    },
  },
];

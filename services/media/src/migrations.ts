import type { ServiceMigration } from '@commonwork/kit';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_images',
    async up(db) {
      await db.schema
        .createTable('images')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('folder', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('images_owner_idx').on('images').columns(['owner_id', 'created_at']).execute();
      await db.schema
        .createTable('image_files')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('content', 'bytea', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  {
    name: '0002_files',
    async up(db) {
      await db.schema
        .createTable('files')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('file_contents')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('content', 'bytea', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
];

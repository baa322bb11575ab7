import { createUploadsTable, type ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';
import { reviewsMigration } from './reviews/migration.ts';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_orders',
    async up(db) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('gig_id', 'uuid', (c) => c.notNull())
        .addColumn('gig_title', 'text', (c) => c.notNull())
        .addColumn('buyer_id', 'uuid', (c) => c.notNull())
        .addColumn('seller_id', 'uuid', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('price', 'double precision', (c) => c.notNull())
        .addColumn('delivery_time', 'text', (c) => c.notNull())
        .addColumn('revisions_allowed', 'integer', (c) => c.notNull())
        .addColumn('revisions_used', 'integer', (c) => c.notNull())
        .addColumn('late', 'boolean', (c) => c.notNull())
        .addColumn('due_at', 'timestamptz')
        .addColumn('delivered_at', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('cancellation', 'jsonb')
        .addColumn('requirements', 'text', (c) => c.notNull())
        .addColumn('attachments', 'jsonb', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // The lists: one side's orders, newest change first.
      await db.schema.createIndex('orders_buyer_idx').on('orders').columns(['buyer_id', 'updated_at']).execute();
      await db.schema.createIndex('orders_seller_idx').on('orders').columns(['seller_id', 'updated_at']).execute();
      await db.schema.createIndex('orders_gig_idx').on('orders').column('gig_id').execute();
      // The clock's passes: deliveries waiting for the buyer, accepted orders running to their due date.
      await db.schema
        .createIndex('orders_delivered_idx')
        .on('orders')
        .column('delivered_at')
        .where(sql<boolean>`status = 'delivered'`)
        .execute();
      await db.schema
        .createIndex('orders_due_idx')
        .on('orders')
        .column('due_at')
        .where(sql<boolean>`status = 'in_progress' and not late`)
        .execute();
      await db.schema
        .createTable('order_steps')
        .addColumn('order_id', 'uuid', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('attachments', 'jsonb', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_steps_pk', ['order_id', 'version'])
        .execute();
      await db.schema
        .createTable('orderable_gigs')
        .addColumn('gig_id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('price', 'double precision', (c) => c.notNull())
        .addColumn('delivery_time', 'text', (c) => c.notNull())
        .addColumn('available', 'boolean', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('people')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('picture', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await createUploadsTable(db);
    },
  },
  reviewsMigration,
];

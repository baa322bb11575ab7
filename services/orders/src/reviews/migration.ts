import type { ServiceMigration } from '@commonwork/kit';

/** The reviews read table and the profiles' visibility kept from identity. */
export const reviewsMigration: ServiceMigration = {
  name: '0002_reviews',
  async up(db) {
    await db.schema
      .createTable('reviews')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      // One review per order: the stream's rule, kept by the table too.
      .addColumn('order_id', 'uuid', (c) => c.notNull().unique())
      .addColumn('gig_id', 'uuid', (c) => c.notNull())
      .addColumn('gig_title', 'text', (c) => c.notNull())
      .addColumn('buyer_id', 'uuid', (c) => c.notNull())
      .addColumn('seller_id', 'uuid', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('reply', 'text')
      .addColumn('replied_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reviews_gig_idx').on('reviews').columns(['gig_id', 'created_at desc', 'id']).execute();
    await db.schema.createIndex('reviews_seller_idx').on('reviews').columns(['seller_id', 'created_at desc', 'id']).execute();
    await db.schema
      .createTable('profile_visibility')
      .addColumn('person_id', 'uuid', (c) => c.primaryKey())
      .addColumn('private', 'boolean', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};

import type { ServiceMigration } from '@commonwork/kit';

/** The order cards and review ratings kept from orders' events, which the gigs' figures are counted from. */
export const orderNumbersMigration: ServiceMigration = {
  name: '0005_order_numbers',
  async up(db) {
    await db.schema
      .createTable('order_cards')
      .addColumn('order_id', 'uuid', (c) => c.primaryKey())
      .addColumn('gig_id', 'uuid', (c) => c.notNull())
      .addColumn('seller_id', 'uuid', (c) => c.notNull())
      .addColumn('buyer_id', 'uuid', (c) => c.notNull())
      .addColumn('price', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_cards_gig_idx').on('order_cards').columns(['gig_id', 'status']).execute();
    await db.schema.createIndex('order_cards_seller_idx').on('order_cards').columns(['seller_id', 'status']).execute();
    await db.schema
      .createTable('gig_reviews')
      .addColumn('review_id', 'uuid', (c) => c.primaryKey())
      .addColumn('gig_id', 'uuid', (c) => c.notNull())
      .addColumn('seller_id', 'uuid', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('gig_reviews_gig_idx').on('gig_reviews').column('gig_id').execute();
    await db.schema.createIndex('gig_reviews_seller_idx').on('gig_reviews').column('seller_id').execute();
  },
};

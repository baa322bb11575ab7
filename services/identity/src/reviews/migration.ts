import type { ServiceMigration } from '@commonwork/kit';

/** The ratings of the reviews people received, kept from orders' events. */
export const reviewRatingsMigration: ServiceMigration = {
  name: '0004_review_ratings',
  async up(db) {
    await db.schema
      .createTable('review_ratings')
      .addColumn('review_id', 'uuid', (c) => c.primaryKey())
      .addColumn('seller_id', 'uuid', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_ratings_seller_idx').on('review_ratings').column('seller_id').execute();
  },
};

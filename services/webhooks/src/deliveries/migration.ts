import type { ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';

/**
 * The dispatcher's own columns on `webhook_deliveries`: `claimed_until`, the lease of the replica
 * attempting it now (no transaction is held during the call; a replica that dies mid-call lets it go
 * when the lease ends), and `round_start`, the `attempts` at which its retries started (a redelivery
 * starts a new round with the same id).
 */
export const deliveriesMigration: ServiceMigration = {
  name: '0002_webhook_deliveries_dispatch',
  async up(db) {
    await db.schema
      .alterTable('webhook_deliveries')
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('round_start', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Pings go outside the order: found by when they are due.
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .column('next_attempt_at')
      .where(sql<boolean>`status in ('pending', 'retrying')`)
      .execute();
  },
};

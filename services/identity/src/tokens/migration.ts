import type { ServiceMigration } from '@commonwork/kit';

/** Personal access tokens: the read table of their streams, and when each was last used (kept outside events). */
export const tokensMigration: ServiceMigration = {
  name: '0005_personal_tokens',
  async up(db) {
    await db.schema
      .createTable('personal_tokens')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scopes', 'jsonb', (c) => c.notNull())
      .addColumn('hint', 'text', (c) => c.notNull())
      // SHA-256 of the secret, hex: what a presented secret is found by.
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('personal_tokens_user_idx').on('personal_tokens').columns(['user_id', 'created_at desc']).execute();
    await db.schema
      .createTable('personal_token_uses')
      .addColumn('token_id', 'uuid', (c) => c.primaryKey())
      .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};

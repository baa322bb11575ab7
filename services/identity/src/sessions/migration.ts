import type { ServiceMigration } from '@commonwork/kit';

/** Signed-in sessions, so signing out can end one (or all of a person's) on every replica. */
export const sessionsMigration: ServiceMigration = {
  name: '0006_sessions',
  async up(db) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz')
      .execute();
    // A sign-out everywhere finds the person's sessions; every verifier's question walks the recently ended; expired ones are swept.
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_ended_idx').on('sessions').column('ended_at').execute();
    await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  },
};

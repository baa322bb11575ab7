import type { ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';
import { exportsMigration } from './personalData/exports/exportMigration.ts';
import { reviewRatingsMigration } from './reviews/migration.ts';
import { sessionsMigration } from './sessions/migration.ts';
import { tokensMigration } from './tokens/migration.ts';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_users',
    async up(db) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('username_lower', 'text')
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('picture_public_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('skills', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('links', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('preferences', 'jsonb', (c) => c.notNull())
        .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('users_email_unique', ['email'])
        .addUniqueConstraint('users_subject_unique', ['subject'])
        .addUniqueConstraint('users_username_unique', ['username_lower'])
        .execute();
    },
  },
  {
    name: '0002_stats',
    async up(db) {
      await db.schema
        .createTable('stats_days')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('day', 'date', (c) => c.notNull())
        .addColumn('active_gigs', 'integer', (c) => c.notNull())
        .addColumn('events', 'integer', (c) => c.notNull())
        .addColumn('messages', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stats_days_pkey', ['user_id', 'day'])
        .execute();
      await db.schema
        .createTable('stats_gigs')
        .addColumn('gig_id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('stats_event_people')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('organizer', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('stats_event_people_pkey', ['event_id', 'user_id'])
        .execute();
      await db.schema.createIndex('users_rating_idx').on('users').columns(['rating desc', 'review_count desc', 'id']).execute();
    },
  },
  {
    name: '0003_plans',
    async up(db) {
      // Everyone registered before plans existed was on the free one.
      await db.schema
        .alterTable('users')
        .addColumn('plan', 'text', (c) => c.notNull().defaultTo('basic'))
        .execute();
    },
  },
  reviewRatingsMigration,
  tokensMigration,
  exportsMigration,
  sessionsMigration,
  {
    name: '0011_users_active_gigs',
    async up(db) {
      // Top freelancers sort by active gigs after rating and review count: kept on the person's row, one
      // partial index gives the whole order, and the walk stops at the limit (docs/decisions/identity/top-freelancers-by-one-index.md).
      await db.schema
        .alterTable('users')
        .addColumn('active_gigs', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Each person's latest day holds the active gigs counted so far.
      await db
        .updateTable('users')
        .set((eb) => ({
          active_gigs: eb.fn.coalesce(
            eb
              .selectFrom('stats_days')
              .select('active_gigs')
              .whereRef('stats_days.user_id', '=', 'users.id')
              .orderBy('day', 'desc')
              .limit(1),
            eb.lit(0),
          ),
        }))
        .execute();
      await db.schema.dropIndex('users_rating_idx').execute();
      await db.schema
        .createIndex('users_top_freelancers_idx')
        .on('users')
        .columns(['rating desc', 'review_count desc', 'active_gigs desc', 'id'])
        .where(sql.ref('active_gigs'), '>', 0)
        .execute();
    },
  },
];

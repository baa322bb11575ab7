import { createProfileVisibilityTable, type ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_events',
    async up(db, schema) {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await db.schema
        .createTable('events')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('organizer_id', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('end_time', 'text')
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('location_type', 'text', (c) => c.notNull())
        .addColumn('location', 'jsonb', (c) => c.notNull())
        .addColumn('price', 'numeric(12, 2)', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('max_attendees', 'integer')
        .addColumn('attendee_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rsvp_deadline', 'text')
        .addColumn('requirements', 'jsonb', (c) => c.notNull())
        .addColumn('agenda', 'jsonb', (c) => c.notNull())
        .addColumn('images', 'jsonb', (c) => c.notNull())
        .addColumn('tags', 'jsonb', (c) => c.notNull())
        .addColumn('tags_text', 'text', (c) => c.notNull())
        .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      const events = sql.table(`${schema}.events`);
      // Title outranks tags, tags outrank the description (weights A, B, C), as in gig search.
      await sql`alter table ${events} add column search tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', tags_text), 'B') ||
        setweight(to_tsvector('english', description), 'C')
      ) stored`.execute(db);
      await sql`create index events_search_idx on ${events} using gin (search)`.execute(db);
      await sql`create index events_trgm_idx on ${events} using gin ((title || ' ' || tags_text) public.gin_trgm_ops)`.execute(db);
      // The listing's order (to come first, soonest first) and the dashboard's, read from the index alone.
      await sql`create index events_schedule_idx on ${events} (status, starts_at, id) include (ends_at)`.execute(db);
      await sql`create index events_ends_idx on ${events} (status, ends_at)`.execute(db);
      await db.schema.createIndex('events_organizer_idx').on('events').column('organizer_id').execute();

      await db.schema
        .createTable('event_attendees')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_attendees_pkey', ['event_id', 'user_id'])
        .execute();
      await db.schema.createIndex('event_attendees_user_idx').on('event_attendees').columns(['user_id', 'event_id']).execute();
      await sql`create index event_attendees_order_idx on ${sql.table(`${schema}.event_attendees`)} (event_id, registered_at)`.execute(db);

      await db.schema
        .createTable('people')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('picture', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('event_channels')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('channel_id', 'uuid', (c) => c.notNull())
        .execute();
    },
  },
  {
    name: '0002_search_words',
    async up(db, schema) {
      // The words of titles and tags, each once: what a typo is corrected to (a few hundred rows, trigram-indexed).
      const words = sql.table(`${schema}.search_words`);
      await db.schema
        .createTable('search_words')
        .addColumn('word', 'text', (c) => c.primaryKey())
        .execute();
      await sql`create index search_words_trgm_idx on ${words} using gin (word public.gin_trgm_ops)`.execute(db);
      // Events stored before this migration: their words, from the read table.
      await sql`insert into ${words} (word)
        select distinct w from ${sql.table(`${schema}.events`)} e,
          regexp_split_to_table(lower(e.title || ' ' || e.tags_text), '[^[:alnum:]]+') as w
        where length(w) >= 3
        on conflict do nothing`.execute(db);
    },
  },
  {
    name: '0003_profile_visibility',
    // Whose profile is private: attendee lists leave them out for others (kit/readModels/profileVisibility.ts).
    up: (db) => createProfileVisibilityTable(db),
  },
];

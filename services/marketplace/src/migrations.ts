import type { ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';
import { orderNumbersMigration } from './orderNumbers/migration.ts';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_gigs',
    async up(db, schema) {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await db.schema
        .createTable('gigs')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('sub_category', 'text', (c) => c.notNull())
        .addColumn('price', 'numeric(12, 2)', (c) => c.notNull())
        .addColumn('delivery_time', 'text', (c) => c.notNull())
        .addColumn('tags', 'jsonb', (c) => c.notNull())
        .addColumn('tags_text', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('favorites', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Title outranks tags, tags outrank the description (weights A, B, C).
      await sql`alter table ${sql.table(`${schema}.gigs`)} add column search tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', tags_text), 'B') ||
        setweight(to_tsvector('english', description), 'C')
      ) stored`.execute(db);
      await sql`create index gigs_search_idx on ${sql.table(`${schema}.gigs`)} using gin (search)`.execute(db);
      await sql`create index gigs_trgm_idx on ${sql.table(`${schema}.gigs`)} using gin ((title || ' ' || tags_text) public.gin_trgm_ops)`.execute(
        db,
      );
      await db.schema.createIndex('gigs_listing_idx').on('gigs').columns(['status', 'category', 'created_at']).execute();
      await db.schema.createIndex('gigs_price_idx').on('gigs').columns(['status', 'price']).execute();
      await db.schema.createIndex('gigs_owner_idx').on('gigs').column('owner_id').execute();

      // Views are an operational counter, not domain state: kept beside the gig, not in its events.
      await db.schema
        .createTable('gig_views')
        .addColumn('gig_id', 'uuid', (c) => c.primaryKey())
        .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('freelancers')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('picture', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('skills', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  {
    name: '0002_listing_order_indexes',
    async up(db, schema) {
      // The listing's default order (best rated, newest) straight from an index, with or without a category.
      const gigs = sql.table(`${schema}.gigs`);
      await sql`create index gigs_rating_order_idx on ${gigs} (status, rating desc, created_at desc, id)`.execute(db);
      await sql`create index gigs_category_rating_order_idx on ${gigs} (status, category, rating desc, created_at desc, id)`.execute(db);
    },
  },
  {
    name: '0003_active_gig_counts',
    async up(db, schema) {
      // Exact totals for the listing without counting 100,000 rows on each request: active gigs per
      // category, price and delivery time (a few hundred rows), kept by statement-level triggers, so
      // every writer (live path, seed, rebuild) keeps them right and a batch insert costs one upsert.
      const counts = `${schema}.active_gig_counts`;
      await db.schema
        .createTable('active_gig_counts')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('price', 'numeric(12, 2)', (c) => c.notNull())
        .addColumn('delivery_time', 'text', (c) => c.notNull())
        .addColumn('gigs', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('active_gig_counts_pkey', ['category', 'price', 'delivery_time'])
        .execute();
      const groupActive = (rows: string) =>
        `select category, price, delivery_time, count(*)::int as gigs from ${rows} where status = 'active' group by 1, 2, 3`;
      await sql
        .raw(
          `create function ${schema}.count_active_gigs() returns trigger language plpgsql as $$
          begin
            if tg_op = 'TRUNCATE' then
              delete from ${counts};
              return null;
            end if;
            if tg_op in ('UPDATE', 'DELETE') then
              update ${counts} c set gigs = c.gigs - o.gigs from (${groupActive('old_rows')}) o
                where c.category = o.category and c.price = o.price and c.delivery_time = o.delivery_time;
            end if;
            if tg_op in ('UPDATE', 'INSERT') then
              insert into ${counts} ${groupActive('new_rows')}
                on conflict (category, price, delivery_time) do update set gigs = ${counts}.gigs + excluded.gigs;
            end if;
            return null;
          end $$`,
        )
        .execute(db);
      const gigs = `${schema}.gigs`;
      const fn = `${schema}.count_active_gigs()`;
      for (const statement of [
        `create trigger gigs_counted_on_insert after insert on ${gigs} referencing new table as new_rows for each statement execute function ${fn}`,
        `create trigger gigs_counted_on_update after update on ${gigs} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}`,
        `create trigger gigs_counted_on_delete after delete on ${gigs} referencing old table as old_rows for each statement execute function ${fn}`,
        `create trigger gigs_counted_on_truncate after truncate on ${gigs} for each statement execute function ${fn}`,
        `insert into ${counts} ${groupActive(gigs)}`,
      ])
        await sql.raw(statement).execute(db);
    },
  },
  {
    name: '0004_gig_favorites',
    async up(db) {
      // Who favourited which gig, from the favourite streams; the gig's `favorites` column counts these rows.
      await db.schema
        .createTable('gig_favorites')
        .addColumn('person_id', 'uuid', (c) => c.notNull())
        .addColumn('gig_id', 'uuid', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('gig_favorites_pkey', ['person_id', 'gig_id'])
        .execute();
      await db.schema.createIndex('gig_favorites_gig_idx').on('gig_favorites').column('gig_id').execute();
    },
  },
  orderNumbersMigration,
  {
    name: '0006_gig_viewers',
    async up(db) {
      // Who viewed which gig on which UTC day (a hashed key): a view counts once per viewer per day.
      await db.schema
        .createTable('gig_viewers')
        .addColumn('gig_id', 'uuid', (c) => c.notNull())
        .addColumn('viewer', 'text', (c) => c.notNull())
        .addColumn('day', 'date', (c) => c.notNull())
        .addPrimaryKeyConstraint('gig_viewers_pkey', ['gig_id', 'viewer'])
        .execute();
      await db.schema.createIndex('gig_viewers_day_idx').on('gig_viewers').column('day').execute();
    },
  },
  {
    name: '0007_listing_version',
    async up(db, schema) {
      // One number that grows in the same transaction as any change a listing shows (the gigs and
      // their figures, the freelancers' cards, who favourited what): a replica's cached listings are
      // as new as the version they were read at (search/listingCache.ts). Statement-level triggers,
      // so every writer (live path, consumers, seed, rebuild, forgetting) moves it, once per statement.
      const version = `${schema}.listing_version`;
      await sql
        .raw(`create table ${version} (only_row boolean primary key default true check (only_row), version bigint not null)`)
        .execute(db);
      await sql.raw(`insert into ${version} (version) values (0)`).execute(db);
      await sql
        .raw(
          `create function ${schema}.bump_listing_version() returns trigger language plpgsql as $$
          begin
            update ${version} set version = version + 1;
            return null;
          end $$`,
        )
        .execute(db);
      for (const table of ['gigs', 'freelancers', 'gig_favorites'])
        await sql
          .raw(
            `create trigger ${table}_listing_version after insert or update or delete or truncate on ${schema}.${table}
            for each statement execute function ${schema}.bump_listing_version()`,
          )
          .execute(db);
    },
  },
  {
    name: '0008_listing_changes',
    async up(db, schema) {
      // Writers no longer update the one version row: two transactions that each changed a gig and
      // moved the row could wait on each other (a favourite recounts its gig after moving it; an edit
      // moves it after changing its gig): a deadlock. Each statement now appends a row, which locks
      // nothing another writer needs; the version is the rows counted, transactional and only growing,
      // and a job folds them into `listing_version` (search/listingVersion.ts).
      await sql.raw(`create table ${schema}.listing_changes (id bigint generated always as identity)`).execute(db);
      await sql
        .raw(
          `create or replace function ${schema}.bump_listing_version() returns trigger language plpgsql as $$
          begin
            insert into ${schema}.listing_changes default values;
            return null;
          end $$`,
        )
        .execute(db);
    },
  },
  {
    name: '0009_trending_from_the_listing_index',
    async up(db, schema) {
      // The listing's index also carries each gig's orders: ranking trending gigs reads every active
      // gig's id, orders, rating and creation from it alone, not from 100,000 whole rows (275 MB).
      const gigs = sql.table(`${schema}.gigs`);
      await sql`drop index ${sql.table(`${schema}.gigs_rating_order_idx`)}`.execute(db);
      await sql`create index gigs_rating_order_idx on ${gigs} (status, rating desc, created_at desc, id) include (orders)`.execute(db);
    },
  },
];

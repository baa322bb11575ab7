import { createGigsTable, type ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_messaging',
    async up(db, schema) {
      await db.schema
        .createTable('channels')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('creator_id', 'uuid', (c) => c.notNull())
        .addColumn('join_link', 'text', (c) => c.unique())
        .addColumn('member_count', 'integer', (c) => c.notNull())
        .addColumn('message_count', 'integer', (c) => c.notNull())
        .addColumn('last_sequence', 'integer', (c) => c.notNull())
        .addColumn('last_activity', 'timestamptz', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('channel_members')
        .addColumn('channel_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_members_pk', ['channel_id', 'user_id'])
        .execute();
      await db.schema.createIndex('channel_members_user_idx').on('channel_members').column('user_id').execute();

      await db.schema
        .createTable('channel_messages')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('channel_id', 'uuid', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('sender_id', 'uuid', (c) => c.notNull())
        .addColumn('sender_name', 'text', (c) => c.notNull())
        .addColumn('sender_picture', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('channel_messages_sequence_unique', ['channel_id', 'sequence'])
        .execute();
      await sql`create unique index channel_messages_client_idx on ${sql.table(`${schema}.channel_messages`)} (channel_id, sender_id, client_id) where client_id is not null`.execute(
        db,
      );

      await db.schema
        .createTable('chats')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('participant_a', 'uuid', (c) => c.notNull())
        .addColumn('participant_b', 'uuid', (c) => c.notNull())
        .addColumn('gig_id', 'uuid', (c) => c.notNull())
        .addColumn('created_by', 'uuid', (c) => c.notNull())
        .addColumn('last_sequence', 'integer', (c) => c.notNull())
        .addColumn('last_message', 'text')
        .addColumn('last_sender_id', 'uuid')
        .addColumn('last_activity', 'timestamptz', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chats_a_idx').on('chats').columns(['participant_a', 'last_activity']).execute();
      await db.schema.createIndex('chats_b_idx').on('chats').columns(['participant_b', 'last_activity']).execute();
      await db.schema
        .createTable('chat_messages')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('chat_id', 'uuid', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('sender_id', 'uuid', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('chat_messages_sequence_unique', ['chat_id', 'sequence'])
        .execute();
      await sql`create unique index chat_messages_client_idx on ${sql.table(`${schema}.chat_messages`)} (chat_id, sender_id, client_id) where client_id is not null`.execute(
        db,
      );

      // Per-user read positions: unread = last_sequence - read_sequence, on every device.
      await db.schema
        .createTable('read_positions')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('conversation_id', 'uuid', (c) => c.notNull())
        .addColumn('read_sequence', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('read_positions_pk', ['user_id', 'conversation_id'])
        .execute();

      // Read models fed by identity's and marketplace's events.
      await db.schema
        .createTable('people')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('picture', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await createGigsTable(db);
    },
  },
  {
    name: '0002_message_changes',
    async up(db, schema) {
      for (const [table, key] of [
        ['channel_messages', 'channel_id'],
        ['chat_messages', 'chat_id'],
      ] as const) {
        await db.schema
          .alterTable(table)
          .addColumn('updated_at', 'timestamptz')
          .addColumn('is_edited', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('reactions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('mentions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        // A returning client asks for what changed after a revision: only changed messages are indexed.
        await sql`create index ${sql.id(`${table}_revision_idx`)} on ${sql.table(`${schema}.${table}`)} (${sql.id(key)}, revision) where revision > 0`.execute(
          db,
        );
      }
      await db.schema
        .createTable('conversation_revisions')
        .addColumn('conversation_id', 'uuid', (c) => c.primaryKey())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  {
    name: '0003_channel_marks',
    async up(db) {
      // Each person's pins and stars, one row per channel they ever marked.
      await db.schema
        .createTable('channel_marks')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('channel_id', 'uuid', (c) => c.notNull())
        .addColumn('pinned', 'boolean', (c) => c.notNull())
        .addColumn('starred', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_marks_pk', ['user_id', 'channel_id'])
        .execute();
    },
  },
  {
    name: '0004_message_search',
    async up(db, schema) {
      // Typo tolerance (search/searchMessages.ts) reads trigrams; PGlite loads the same extension.
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      for (const table of ['channel_messages', 'chat_messages']) {
        // Expression indexes, not a stored tsvector column: the message reads select every column,
        // and would carry a second copy of each text to every screen. Both follow edits and
        // deletions (content emptied) by themselves.
        await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(`${schema}.${table}`)} using gin (to_tsvector('english', content))`.execute(
          db,
        );
        await sql`create index ${sql.id(`${table}_trgm_idx`)} on ${sql.table(`${schema}.${table}`)} using gin (content public.gin_trgm_ops)`.execute(
          db,
        );
      }
    },
  },
  {
    name: '0005_mentions',
    async up(db, schema) {
      // `@username` is resolved against the people read model, case-insensitively.
      await db.schema.alterTable('people').addColumn('username', 'text').execute();
      await sql`create index people_username_idx on ${sql.table(`${schema}.people`)} (lower(username))`.execute(db);
      // One row per mention of someone in a channel: their mention count is those after their read position.
      await db.schema
        .createTable('mention_marks')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('channel_id', 'uuid', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('mention_marks_pk', ['user_id', 'channel_id', 'sequence'])
        .execute();
    },
  },
];

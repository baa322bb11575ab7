import { createGigsTable, createUploadsTable, type ServiceMigration } from '@commonwork/kit';
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
      // Typo tolerance (search/searchMessages.ts) compares trigrams; PGlite loads the same extension.
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      // Every word ever written, once: a typo is matched against these short strings (index-backed),
      // then searched as the words found, by the full-text index. Trigrams on the messages themselves
      // would recheck each long text that shares a few trigrams, 30 µs apiece (3,000 for "kalp" in 50k).
      await db.schema
        .createTable('message_words')
        .addColumn('word', 'text', (c) => c.primaryKey())
        .execute();
      await sql`create index message_words_trgm_idx on ${sql.table(`${schema}.message_words`)} using gin (word public.gin_trgm_ops)`.execute(
        db,
      );
      const words = sql.table(`${schema}.message_words`);
      const wordsOf = (content: ReturnType<typeof sql.raw>) =>
        sql`select lexeme from unnest(to_tsvector('simple', ${content})) where length(lexeme) between 3 and 40`;
      // Two sends writing the same new words in opposite orders would wait on each other: the words
      // go in sorted (a tsvector's order), and a deadlock across messages of one batch costs the
      // victim its new words (a typo of those finds less until they are written again), never the send.
      await sql`create function ${sql.table(`${schema}.remember_message_words`)}() returns trigger language plpgsql as $$
        begin
          insert into ${words} (word) ${wordsOf(sql.raw('new.content'))} on conflict do nothing;
          return null;
        exception when deadlock_detected then
          return null;
        end $$`.execute(db);
      for (const table of ['channel_messages', 'chat_messages']) {
        // A stored column, not an index on an expression: a person's conversations are searched by
        // filtering their messages, and computing each text's tsvector again costs 20 µs a message.
        // Generated, it follows edits and deletions (content emptied) by itself.
        await sql`alter table ${sql.table(`${schema}.${table}`)} add column search tsvector generated always as (to_tsvector('english', content)) stored`.execute(
          db,
        );
        await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(`${schema}.${table}`)} using gin (search)`.execute(db);
        await sql`create trigger ${sql.id(`${table}_words`)} after insert or update of content on ${sql.table(`${schema}.${table}`)}
          for each row when (new.content <> '') execute function ${sql.table(`${schema}.remember_message_words`)}()`.execute(db);
        // The words of messages written before this migration.
        await sql`insert into ${words} (word) select distinct w.lexeme from ${sql.table(`${schema}.${table}`)} m,
          lateral (${wordsOf(sql.raw('m.content'))}) w on conflict do nothing`.execute(db);
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
  {
    name: '0006_attachments',
    async up(db) {
      // Whose each upload is (media's events): a message may carry only its sender's own.
      await createUploadsTable(db);
    },
  },
  {
    name: '0007_system_lines',
    async up(db) {
      // What a line of the platform's stands for (an order's step, orderThreads/); null on a person's message.
      await db.schema.alterTable('chat_messages').addColumn('system', 'jsonb').execute();
    },
  },
  {
    name: '0008_incoming_hooks',
    async up(db) {
      // The incoming webhook that posted a channel message; null on a person's.
      await db.schema.alterTable('channel_messages').addColumn('app', 'jsonb').execute();
      await db.schema
        .createTable('incoming_hooks')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('channel_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('token_hint', 'text', (c) => c.notNull())
        .addColumn('created_by', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('incoming_hooks_channel_idx').on('incoming_hooks').column('channel_id').execute();
      await db.schema
        .createTable('incoming_hook_usage')
        .addColumn('hook_id', 'uuid', (c) => c.primaryKey())
        .addColumn('allowed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  {
    name: '0009_message_versions',
    async up(db, schema) {
      // Each message's stream version beside the state its changes left: a change decides from the row its route reads.
      for (const table of ['channel_messages', 'chat_messages']) {
        await db.schema
          .alterTable(table)
          .addColumn('changes', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update ${sql.table(`${schema}.${table}`)} as m set changes = s.version
          from (select stream_id, max(stream_version) as version from ${sql.table(`${schema}.event_store`)}
                where stream_id like 'message-%' group by stream_id) as s
          where s.stream_id = 'message-' || m.id::text`.execute(db);
      }
    },
  },
];

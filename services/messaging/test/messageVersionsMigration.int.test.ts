import { randomUUID } from 'node:crypto';
import { kitMigrations, migrateSchema } from '@commonwork/kit';
import { createTestDatabase } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/migrations.ts';
import type { MessagingTables } from '../src/tables.ts';

const schema = 'messaging';
const before = migrations.findIndex((m) => m.name === '0009_message_versions');

/**
 * Messages changed before rows kept their stream's version: the migration reads each one's from the
 * event store, so a change's write, which starts from the row, starts where the stream stands.
 */
describe('0009_message_versions on messages changed before it', () => {
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];
  const [changed, untouched, inChat] = [randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await migrateSchema(database, schema, [...kitMigrations(), ...migrations.slice(0, before)]);
    const db = database.forSchema<MessagingTables>(schema);
    const row = { sender_id: randomUUID(), content: 'hi', client_id: null, created_at: new Date(), sequence: 1 };
    const channelId = randomUUID();
    await db
      .insertInto('channel_messages')
      .values([
        { ...row, id: changed, channel_id: channelId, sender_name: 'Ada', sender_picture: '' },
        { ...row, id: untouched, channel_id: channelId, sequence: 2, sender_name: 'Ada', sender_picture: '' },
      ])
      .execute();
    await db
      .insertInto('chat_messages')
      .values({ ...row, id: inChat, chat_id: randomUUID() })
      .execute();
    // Three changes of one channel message, one of the chat message, and another aggregate's stream by the same id.
    const events = [
      [`message-${changed}`, 1],
      [`message-${changed}`, 2],
      [`message-${changed}`, 3],
      [`message-${inChat}`, 1],
      [`channel-${untouched}`, 1],
    ] as const;
    for (const [streamId, version] of events)
      await sql`insert into ${sql.table(`${schema}.event_store`)} (stream_id, stream_version, event_id, type, data, metadata)
        values (${streamId}, ${version}, ${randomUUID()}, 'Changed', '{}'::jsonb, '{}'::jsonb)`.execute(database.root);
    await migrateSchema(database, schema, [...kitMigrations(), ...migrations]);
  }, 120_000);
  afterAll(() => drop?.());

  it("gives each message its stream's version, and 0 to one never changed", async () => {
    const db = database.forSchema<MessagingTables>(schema);
    const channelRows = await db.selectFrom('channel_messages').select(['id', 'changes']).execute();
    expect(Object.fromEntries(channelRows.map((r) => [r.id, r.changes]))).toEqual({ [changed]: 3, [untouched]: 0 });
    expect(await db.selectFrom('chat_messages').select(['id', 'changes']).execute()).toEqual([{ id: inChat, changes: 1 }]);
  });
});

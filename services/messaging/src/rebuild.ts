import { type Database, readAll, type StoredEvent } from '@commonwork/kit';
import type { ChannelEvent } from './channels/channel.ts';
import { projectChannelEvents } from './channels/projection.ts';
import type { ChatEvent } from './chats/chat.ts';
import { projectChatEvents } from './chats/projection.ts';
import { projectReadEvents } from './reads/projection.ts';
import type { ReadEvent } from './reads/read.ts';
import type { MessagingDb, MessagingTables } from './tables.ts';

const OWN_TABLES = ['channels', 'channel_members', 'channel_messages', 'chats', 'chat_messages', 'read_positions'] as const;

/**
 * Replays messaging's event store into its emptied tables, in one transaction. The people and gigs
 * read models come from other services' events and are kept.
 */
export async function rebuildProjections(database: Database) {
  const db = database.forSchema<MessagingTables>('messaging');
  let replayed = 0;
  await db.transaction().execute(async (trx) => {
    for (const table of OWN_TABLES) await trx.deleteFrom(table).execute();
    for (let position = 0; ; ) {
      const batch = await readAll(trx, position, 500);
      if (batch.length === 0) break;
      for (const event of batch) {
        if (event.streamId.startsWith('channel-')) await projectChannelEvents(trx as MessagingDb, [event as StoredEvent<ChannelEvent>]);
        else if (event.streamId.startsWith('chat-')) await projectChatEvents(trx as MessagingDb, [event as StoredEvent<ChatEvent>]);
        else await projectReadEvents(trx as MessagingDb, [event as StoredEvent<ReadEvent>]);
      }
      position = batch.at(-1)?.globalPosition ?? position;
      replayed += batch.length;
    }
  });
  return replayed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createLogger, loadConfig, openDatabase } = await import('@commonwork/kit');
  const { MessagingConfig } = await import('./config.ts');
  const { join } = await import('node:path');
  const config = loadConfig(MessagingConfig);
  const log = createLogger('messaging-rebuild', config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pglite') });
  log.info({ replayed: await rebuildProjections(database) }, 'messaging projections rebuilt');
  await database.close();
}

import type { Selectable } from 'kysely';
import type { MessagingDb, MessagingTables } from '../tables.ts';

type MessageTable = 'channel_messages' | 'chat_messages';

/**
 * The message a sender already posted with this clientId in a conversation, if any: a retried
 * send (the socket timed out, the REST fallback posts again) answers it instead of posting twice.
 */
export async function sentBefore<T extends MessageTable>(
  db: MessagingDb,
  table: T,
  key: T extends 'channel_messages' ? 'channel_id' : 'chat_id',
  conversationId: string,
  senderId: string,
  clientId: string | null,
): Promise<Selectable<MessagingTables[T]> | undefined> {
  if (!clientId) return undefined;
  // The two tables share the columns this query touches; Kysely cannot see that through the union.
  const row = await db
    .selectFrom(table as 'chat_messages')
    .selectAll()
    .where(key as 'chat_id', '=', conversationId)
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row as Selectable<MessagingTables[T]> | undefined;
}

import { precompiled } from '@commonwork/kit';
import { type Selectable, sql } from 'kysely';
import type { MessagingDb, MessagingTables, PersonCard } from '../tables.ts';

type MessageTable = 'channel_messages' | 'chat_messages';
type ConversationKey<T extends MessageTable> = T extends 'channel_messages' ? 'channel_id' : 'chat_id';

/**
 * The message a sender already posted with this clientId in a conversation, if any: a retried
 * send (the socket timed out, the REST fallback posts again) answers it instead of posting twice.
 */
export async function sentBefore<T extends MessageTable>(
  db: MessagingDb,
  table: T,
  key: ConversationKey<T>,
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

/**
 * The read of `senderOfSend` for one table, with or without a clientId to look for: precompiled,
 * as every send runs it (docs/decisions/kit/precompiled-hot-statements.md).
 */
function senderRead(table: MessageTable, key: 'channel_id' | 'chat_id', withClientId: boolean) {
  return precompiled(
    (db: MessagingDb, { senderId, conversationId, clientId }: { senderId: string; conversationId: string; clientId: string }) =>
      db.selectNoFrom((eb) => [
        eb.selectFrom('people').select('name').where('user_id', '=', senderId).as('name'),
        eb.selectFrom('people').select('email').where('user_id', '=', senderId).as('email'),
        eb.selectFrom('people').select('picture').where('user_id', '=', senderId).as('picture'),
        withClientId
          ? eb
              .exists(
                eb
                  .selectFrom(table as 'chat_messages')
                  .select(sql.lit(1).as('one'))
                  .where(key as 'chat_id', '=', conversationId)
                  .where('sender_id', '=', senderId)
                  .where('client_id', '=', clientId),
              )
              .as('sent')
          : sql<boolean>`false`.as('sent'),
      ]),
  );
}

const senderReads = {
  channel_messages: {
    withClientId: senderRead('channel_messages', 'channel_id', true),
    without: senderRead('channel_messages', 'channel_id', false),
  },
  chat_messages: { withClientId: senderRead('chat_messages', 'chat_id', true), without: senderRead('chat_messages', 'chat_id', false) },
};

/**
 * The sender as their messages show them, and whether they already posted `clientId` in the
 * conversation, in one statement: what every send reads before deciding. The message itself is
 * read only when there is one (a retried send), which is rare.
 */
export async function senderOfSend<T extends MessageTable>(
  db: MessagingDb,
  table: T,
  key: ConversationKey<T>,
  conversationId: string,
  senderId: string,
  clientId: string | null,
): Promise<{ actor: PersonCard; existing: Selectable<MessagingTables[T]> | undefined }> {
  const read = clientId ? senderReads[table].withClientId : senderReads[table].without;
  const { rows } = await read.execute(db, { senderId, conversationId, clientId: clientId ?? '' });
  const row = rows[0];
  const actor = { userId: senderId, name: row?.name ?? 'Member', email: row?.email ?? '', picture: row?.picture ?? '' };
  return { actor, existing: row?.sent ? await sentBefore(db, table, key, conversationId, senderId, clientId) : undefined };
}

import type { StoredEvent } from '@commonwork/kit';
import { advanceRead, type MessagingDb } from '../tables.ts';
import type { ChatEvent, ChatState } from './chat.ts';
import { initialChatState } from './chat.ts';

/** Applies chat events to the read tables; the live path and the rebuild both use it. */
export async function projectChatEvents(trx: MessagingDb, events: StoredEvent<ChatEvent>[]) {
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as ChatEvent;
    const version = stored.streamVersion;
    switch (event.type) {
      case 'ChatCreated': {
        const [a, b] = event.data.participantIds;
        await trx
          .insertInto('chats')
          .values({
            id: event.data.chatId,
            participant_a: a,
            participant_b: b,
            gig_id: event.data.gigId,
            created_by: event.data.createdBy,
            last_sequence: 0,
            last_message: null,
            last_sender_id: null,
            last_activity: stored.occurredAt,
            version,
          })
          .execute();
        break;
      }
      case 'ChatMessagePosted': {
        const { chatId, messageId, sequence, sender, content, clientId } = event.data;
        await trx
          .insertInto('chat_messages')
          .values({
            id: messageId,
            chat_id: chatId,
            sequence,
            sender_id: sender.userId,
            content,
            client_id: clientId,
            created_at: stored.occurredAt,
          })
          .execute();
        await trx
          .updateTable('chats')
          .set({ last_sequence: sequence, last_message: content, last_sender_id: sender.userId, last_activity: stored.occurredAt, version })
          .where('id', '=', chatId)
          .execute();
        await advanceRead(trx, sender.userId, chatId, sequence);
        break;
      }
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${(never as ChatEvent).type}`);
      }
    }
  }
}

export async function loadChatState(db: MessagingDb, chatId: string): Promise<{ state: ChatState; version: number }> {
  const row = await db.selectFrom('chats').selectAll().where('id', '=', chatId).forUpdate().executeTakeFirst();
  if (!row) return { state: initialChatState(), version: 0 };
  return {
    version: row.version,
    state: { exists: true, chatId: row.id, participantIds: [row.participant_a, row.participant_b], lastSequence: row.last_sequence },
  };
}

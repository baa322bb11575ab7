import { messagePreview } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import { advanceRead, type MessagingDb } from '../tables.ts';
import type { ChatEvent } from './chat.ts';

/** Applies chat events to the read tables; the live path and the rebuild both use it. */
export async function projectChatEvents(trx: MessagingDb, events: StoredEvent<ChatEvent>[]) {
  for (const event of events) {
    const version = event.streamVersion;
    const at = event.occurredAt;
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
            last_activity: at,
            version,
          })
          .execute();
        break;
      }
      case 'ChatMessagePosted': {
        const { chatId, messageId, sequence, sender, content, clientId, attachments, system } = event.data;
        await trx
          .insertInto('chat_messages')
          .values({
            id: messageId,
            chat_id: chatId,
            sequence,
            sender_id: sender.userId,
            content,
            client_id: clientId,
            created_at: at,
            attachments: JSON.stringify(attachments ?? []),
            system: system ? JSON.stringify(system) : null,
          })
          .execute();
        await trx
          .updateTable('chats')
          .set({
            last_sequence: sequence,
            last_message: messagePreview({ content, attachments }),
            last_sender_id: sender.userId,
            last_activity: at,
            version,
          })
          .where('id', '=', chatId)
          .execute();
        // Whoever took an order's step has read its line; a line of the clock's is unread by both.
        const reader = system ? system.actorId : sender.userId;
        if (reader) await advanceRead(trx, reader, chatId, sequence);
        break;
      }
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}

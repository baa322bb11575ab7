import { ChatMessagePosted, ConversationRead, messagePreview } from '@commonwork/contracts';
import { defineBatchHandler } from '@commonwork/kit';
import { decideInboxes, type InboxStep } from '../inbox/notify.ts';
import type { NotificationsDb } from '../tables.ts';

const PREVIEW = 140;
const keyOf = (chatId: string) => `chat:${chatId}`;

/**
 * A chat message tells the other participant, one unread notification per chat (a new message
 * updates it); reading the chat marks it read (messaging's events). A system line tells nobody. A
 * run of such events is decided at once (chat messages come at the bus's speed): one preference
 * read, one write for every inbox they touch.
 */
export const onChatActivity = defineBatchHandler([ChatMessagePosted, ConversationRead], async (trx: NotificationsDb, events, tools) => {
  const steps = events.flatMap((event): InboxStep[] => {
    if (event.type === ConversationRead.type) {
      if (event.data.kind !== 'chat') return [];
      const command = { type: 'MarkKeyRead' as const, key: keyOf(event.data.conversationId) };
      return [{ envelope: event.envelope, userId: event.data.userId, command }];
    }
    const { chatId, participantIds, message } = event.data;
    // An order's step in the conversation: its own notification comes from the order (onOrderStep).
    if (message.system) return [];
    const preview = messagePreview(message);
    const content = preview.length > PREVIEW ? `${preview.slice(0, PREVIEW - 1)}…` : preview;
    return participantIds
      .filter((id) => id !== message.sender._id)
      .map((userId) => ({
        envelope: event.envelope,
        recipient: { userId, preference: 'message_notifications' as const, key: keyOf(chatId) },
        content: {
          type: 'message' as const,
          title: `New message from ${message.sender.name}`,
          message: content,
          sender: { userId: message.sender._id, name: message.sender.name, picture: message.sender.picture },
          data: { chatId, words: 'chatMessage' as const },
        },
      }));
  });
  await decideInboxes(trx, tools, steps);
});

import { ChatMessagePosted, ConversationRead, messagePreview } from '@commonwork/contracts';
import { causedBy, defineHandler } from '@commonwork/kit';
import { inboxAggregate } from '../inbox/aggregate.ts';
import { notifyFrom } from '../inbox/notify.ts';
import type { NotificationsDb } from '../tables.ts';

const PREVIEW = 140;
const keyOf = (chatId: string) => `chat:${chatId}`;

/**
 * A chat message tells the other participant, one unread notification per chat (a new message
 * updates it); reading the chat marks it read (messaging's events). A system line tells nobody.
 */
export const onChatActivity = defineHandler([ChatMessagePosted, ConversationRead], async (trx: NotificationsDb, event, tools) => {
  if (event.type === ConversationRead.type) {
    if (event.data.kind !== 'chat') return;
    await tools
      .aggregate(inboxAggregate)
      .handleIn(trx, event.data.userId, { type: 'MarkKeyRead', key: keyOf(event.data.conversationId) }, causedBy(event.envelope));
    return;
  }
  const { chatId, participantIds, message } = event.data;
  // An order's step in the conversation: its own notification comes from the order (onOrderStep).
  if (message.system) return;
  const preview = messagePreview(message);
  const content = preview.length > PREVIEW ? `${preview.slice(0, PREVIEW - 1)}…` : preview;
  for (const userId of participantIds.filter((id) => id !== message.sender._id))
    await notifyFrom(
      trx,
      tools,
      event.envelope,
      { userId, preference: 'message_notifications', key: keyOf(chatId) },
      {
        type: 'message',
        title: `New message from ${message.sender.name}`,
        message: content,
        sender: { userId: message.sender._id, name: message.sender.name, picture: message.sender.picture },
        data: { chatId, words: 'chatMessage' },
      },
    );
});

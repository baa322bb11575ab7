import { ChannelMessagePosted } from '@commonwork/contracts';
import { defineHandler } from '@commonwork/kit';
import { notifyFrom } from '../inbox/notify.ts';
import type { NotificationsDb } from '../tables.ts';

const PREVIEW = 140;

/**
 * Everyone a channel message mentions hears of it, but its sender (messaging's events; the channel's
 * name from `onChannelCreated`). A redelivered message makes nothing new: the notification's id is
 * fixed by the event and the person.
 */
export const onChannelMention = defineHandler(
  [ChannelMessagePosted],
  async (trx: NotificationsDb, event, tools) => {
    const { channelId, message } = event.data;
    const mentioned = mentionedBy(message);
    const row = await trx.selectFrom('channels').select('name').where('channel_id', '=', channelId).executeTakeFirst();
    const channel = row?.name ?? 'a channel';
    const where = row ? `#${channel}` : channel;
    const content = message.content.length > PREVIEW ? `${message.content.slice(0, PREVIEW - 1)}…` : message.content;
    for (const userId of mentioned)
      await notifyFrom(
        trx,
        tools,
        event.envelope,
        { userId, preference: 'message_notifications' },
        {
          type: 'message',
          title: `${message.sender.name} mentioned you in ${where}`,
          message: content,
          sender: { userId: message.sender._id, name: message.sender.name, picture: message.sender.picture },
          data: { channelId, messageId: message.id, words: 'channelMention', ...(row && { channelName: channel }) },
        },
      );
  },
  // Most messages mention nobody: those cost notifications no transaction.
  { concerns: (event) => mentionedBy(event.data.message).length > 0 },
);

/** The people a message mentions, but its sender. */
function mentionedBy(message: { mentions: string[]; sender: { _id: string } }) {
  return message.mentions.filter((id) => id !== message.sender._id);
}

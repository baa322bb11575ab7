import { ChannelMemberJoined } from '@commonwork/contracts';
import { defineHandler } from '@commonwork/kit';
import { notifyFrom, senderCard } from '../inbox/notify.ts';
import type { NotificationsDb } from '../tables.ts';

/** A channel's creator hears when someone joins it by link (messaging's events; the creator from `onChannelCreated`). */
export const onChannelJoined = defineHandler([ChannelMemberJoined], async (trx: NotificationsDb, event, tools) => {
  const { channelId, userId, via } = event.data;
  if (via !== 'link') return;
  const channel = await trx.selectFrom('channels').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
  if (!channel || channel.creator_id === userId) return;
  const who = await senderCard(trx, userId);
  await notifyFrom(
    trx,
    tools,
    event.envelope,
    { userId: channel.creator_id, preference: 'message_notifications' },
    {
      type: 'system',
      title: `${who.name} joined #${channel.name}`,
      message: `${who.name} joined your channel #${channel.name} with its join link.`,
      sender: who,
      data: { channelId, words: 'channelJoined', channelName: channel.name },
    },
  );
});

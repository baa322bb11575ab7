import { ChannelCreated } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import type { NotificationsDb } from '../tables.ts';

/** Channels and who created them, to tell a creator who joined by link (messaging's events). */
export const onChannelCreated = defineReadModel(['channels'], [ChannelCreated], async (trx: NotificationsDb, { data }) => {
  await trx
    .insertInto('channels')
    .values({ channel_id: data.channelId, creator_id: data.creatorId, name: data.name })
    .onConflict((oc) => oc.column('channel_id').doNothing())
    .execute();
});

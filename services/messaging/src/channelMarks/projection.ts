import type { StoredEvent } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';
import type { ChannelMarkEvent } from './marks.ts';

/** Writes each person's marks per channel; every event carries both, so the last one written is the truth. */
export async function projectChannelMarkEvents(trx: MessagingDb, events: StoredEvent<ChannelMarkEvent>[]) {
  for (const { data } of events) {
    const { userId, channelId, pinned, starred } = data;
    await trx
      .insertInto('channel_marks')
      .values({ user_id: userId, channel_id: channelId, pinned, starred })
      .onConflict((oc) => oc.columns(['user_id', 'channel_id']).doUpdateSet({ pinned, starred }))
      .execute();
  }
}

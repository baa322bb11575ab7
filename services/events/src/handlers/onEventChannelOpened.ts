import { ChannelCreated } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import type { EventsDb } from '../tables.ts';

/** Links an event to the community channel messaging opened for it, so the detail page can point there. */
export const onEventChannelOpened = defineReadModel(['event_channels'], [ChannelCreated], async (trx: EventsDb, { data }) => {
  if (!data.eventId) return;
  await trx
    .insertInto('event_channels')
    .values({ event_id: data.eventId, channel_id: data.channelId })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
});

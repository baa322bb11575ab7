import { TechEventPublished, TechEventRegistered, TechEventRegistrationCancelled } from '@commonwork/contracts';
import { causedBy, defineHandler, nameBasedId } from '@commonwork/kit';
import { channelAggregate } from '../channels/aggregate.ts';
import type { MessagingDb } from '../tables.ts';

/** An event's channel has a fixed id, so a redelivered "published" finds the channel it opened (and the demo seed opens the same). */
export const eventChannelId = (eventId: string) => nameBasedId(`commonwork-event-channel:${eventId}`);

/**
 * Each published tech event gets a private community channel: its organiser runs it, each
 * registration joins the person to it and a cancellation takes them out (the events service's events).
 */
export const onTechEventChanged = defineHandler(
  [TechEventPublished, TechEventRegistered, TechEventRegistrationCancelled],
  async (trx: MessagingDb, event, { aggregate }) => {
    const channels = aggregate(channelAggregate);
    const channelId = eventChannelId(event.data.eventId);
    const metadata = causedBy(event.envelope);
    switch (event.type) {
      case TechEventPublished.type: {
        const { eventId, organizerId, title } = event.data;
        await channels.handleIn(trx, channelId, { type: 'OpenEventChannel', channelId, eventId, organizerId, title }, metadata);
        return;
      }
      case TechEventRegistered.type:
        await channels.handleIn(trx, channelId, { type: 'JoinEventChannel', userId: event.data.userId }, metadata);
        return;
      case TechEventRegistrationCancelled.type:
        await channels.handleIn(trx, channelId, { type: 'LeaveEventChannel', userId: event.data.userId }, metadata);
    }
  },
);

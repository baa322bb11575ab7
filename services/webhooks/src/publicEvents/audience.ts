import {
  ChannelCreated,
  ChannelMemberJoined,
  ChannelMemberLeft,
  ChannelMessagePosted,
  ChannelMessageUpdated,
  ChatMessagePosted,
  ChatMessageUpdated,
  GigDeleted,
  GigPublished,
  GigUnpublished,
  GigUpdated,
  InboxNotified,
  ORDER_STEP_EVENTS,
  ReviewReplied,
  ReviewWritten,
  TechEventPublished,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  TechEventUpdated,
  TechEventWithdrawn,
} from '@commonwork/contracts';
import { type ConsumedEvent, defineReadModel } from '@commonwork/kit';
import type { WebhooksDb } from '../tables.ts';

/**
 * Every domain event that has a public name, typed (PUBLIC_EVENTS keeps them as plain contracts): a
 * unit test holds it to PUBLIC_EVENTS, so a public event added there without its audience here fails.
 */
export const PUBLIC_SOURCES = [
  GigPublished,
  GigUpdated,
  GigUnpublished,
  GigDeleted,
  TechEventPublished,
  TechEventUpdated,
  TechEventWithdrawn,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  ChannelMessagePosted,
  ChannelMessageUpdated,
  ChatMessagePosted,
  ChatMessageUpdated,
  InboxNotified,
  ...ORDER_STEP_EVENTS,
  ReviewWritten,
  ReviewReplied,
] as const;

/** Who is in each channel: a channel message's audience (messaging's events, in the order it published them). */
export const keepChannelMembers = defineReadModel(
  ['channel_members'],
  [ChannelCreated, ChannelMemberJoined, ChannelMemberLeft],
  async (trx: WebhooksDb, event) => {
    switch (event.type) {
      case ChannelCreated.type:
      case ChannelMemberJoined.type: {
        const userId = event.type === ChannelCreated.type ? event.data.creatorId : event.data.userId;
        await trx
          .insertInto('channel_members')
          .values({ channel_id: event.data.channelId, user_id: userId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case ChannelMemberLeft.type:
        await trx
          .deleteFrom('channel_members')
          .where('channel_id', '=', event.data.channelId)
          .where('user_id', '=', event.data.userId)
          .execute();
    }
  },
);

/** Who holds a seat at each tech event: with its organiser, an event change's audience. */
export const keepEventRegistrations = defineReadModel(
  ['event_registrations'],
  [TechEventRegistered, TechEventRegistrationCancelled],
  async (trx: WebhooksDb, event) => {
    const { eventId, userId } = event.data;
    if (event.type === TechEventRegistered.type)
      await trx
        .insertInto('event_registrations')
        .values({ event_id: eventId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    else await trx.deleteFrom('event_registrations').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
  },
);

export type PublicSource = ConsumedEvent<(typeof PUBLIC_SOURCES)[number]>;

const channelMembers = async (trx: WebhooksDb, channelId: string) =>
  (await trx.selectFrom('channel_members').select('user_id').where('channel_id', '=', channelId).execute()).map((r) => r.user_id);
const registrants = async (trx: WebhooksDb, eventId: string) =>
  (await trx.selectFrom('event_registrations').select('user_id').where('event_id', '=', eventId).execute()).map((r) => r.user_id);

/**
 * Who may read a public event now (the audience rule of PUBLIC_EVENTS): what each would read of it
 * through the API. The read models are as of the events before this one on the same stream, so a
 * member who left before a message was posted is not in its audience, and one who joined is.
 */
export async function audienceOf(trx: WebhooksDb, event: PublicSource): Promise<string[]> {
  const people = await (async (): Promise<string[]> => {
    switch (event.type) {
      case 'marketplace.gig.published':
      case 'marketplace.gig.updated':
      case 'marketplace.gig.unpublished':
      case 'marketplace.gig.deleted':
        return [event.data.ownerId];
      case 'events.event.published':
        return [event.data.organizerId];
      case 'events.event.updated':
      case 'events.event.withdrawn':
        return [event.data.organizerId, ...(await registrants(trx, event.data.eventId))];
      case 'events.event.registered':
      case 'events.event.registration_cancelled':
        return [event.data.organizerId, event.data.userId];
      case 'messaging.channel.message_posted':
      case 'messaging.channel.message_updated':
        return channelMembers(trx, event.data.channelId);
      case 'messaging.chat.message_posted':
      case 'messaging.chat.message_updated':
        return event.data.participantIds;
      case 'notifications.inbox.notified':
        return [event.data.userId];
      case 'orders.review.written':
      case 'orders.review.replied':
        return [event.data.buyerId, event.data.sellerId];
      default:
        // Every order step carries the order's card.
        return [event.data.buyerId, event.data.sellerId];
    }
  })();
  return [...new Set(people)];
}

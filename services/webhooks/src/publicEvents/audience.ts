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

/** Each key's people, from one read of a read model for all the keys a batch needs. */
async function peopleBy(
  keys: string[],
  read: (keys: string[]) => Promise<{ key: string; user_id: string }[]>,
): Promise<Map<string, string[]>> {
  const people = new Map<string, string[]>();
  if (keys.length === 0) return people;
  for (const row of await read([...new Set(keys)])) people.set(row.key, [...(people.get(row.key) ?? []), row.user_id]);
  return people;
}

const channelsOf = (events: readonly PublicSource[]) =>
  events.flatMap((e) =>
    e.type === 'messaging.channel.message_posted' || e.type === 'messaging.channel.message_updated' ? [e.data.channelId] : [],
  );
const techEventsOf = (events: readonly PublicSource[]) =>
  events.flatMap((e) => (e.type === 'events.event.updated' || e.type === 'events.event.withdrawn' ? [e.data.eventId] : []));

/**
 * Who may read each public event now (the audience rule of PUBLIC_EVENTS): what each would read of
 * it through the API, for a run of events at once (one read per read model the run needs). The read
 * models are as of the events before the run on the same stream (the consumer cuts a run at each
 * event a read model takes), so a member who left before a message was posted is not in its
 * audience, and one who joined is.
 */
export async function audiencesOf(trx: WebhooksDb, events: readonly PublicSource[]): Promise<string[][]> {
  const members = await peopleBy(channelsOf(events), (ids) =>
    trx.selectFrom('channel_members').select(['channel_id as key', 'user_id']).where('channel_id', 'in', ids).execute(),
  );
  const seats = await peopleBy(techEventsOf(events), (ids) =>
    trx.selectFrom('event_registrations').select(['event_id as key', 'user_id']).where('event_id', 'in', ids).execute(),
  );
  return events.map((event) => [...new Set(peopleOf(event, members, seats))]);
}

function peopleOf(event: PublicSource, members: Map<string, string[]>, seats: Map<string, string[]>): string[] {
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
      return [event.data.organizerId, ...(seats.get(event.data.eventId) ?? [])];
    case 'events.event.registered':
    case 'events.event.registration_cancelled':
      return [event.data.organizerId, event.data.userId];
    case 'messaging.channel.message_posted':
    case 'messaging.channel.message_updated':
      return members.get(event.data.channelId) ?? [];
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
}

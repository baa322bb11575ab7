import {
  TechEventPublished,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  TechEventUpdated,
  TechEventWithdrawn,
} from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import { addToFigures } from '../stats/figures.ts';
import type { StatsDb } from '../tables.ts';

/**
 * A person's events: the published events they organise, and those they hold a seat at (events'
 * events). An event taken back to draft stops counting for its organiser; a deleted one for everyone.
 */
export const onSeatCounted = defineReadModel(
  ['stats_event_people', 'stats_days'],
  [TechEventPublished, TechEventUpdated, TechEventWithdrawn, TechEventRegistered, TechEventRegistrationCancelled],
  async (trx: StatsDb, event) => {
    const at = new Date(event.envelope.occurredAt);
    const take = async (eventId: string, userId: string, organizer: boolean) => {
      const taken = await trx
        .insertInto('stats_event_people')
        .values({ event_id: eventId, user_id: userId, organizer })
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (taken) await addToFigures(trx, userId, at, { events: 1 });
    };
    const release = async (eventId: string, only?: { userId: string } | { organizer: true }) => {
      let query = trx.deleteFrom('stats_event_people').where('event_id', '=', eventId);
      if (only && 'userId' in only) query = query.where('user_id', '=', only.userId);
      if (only && 'organizer' in only) query = query.where('organizer', '=', true);
      const released = await query.returning('user_id').execute();
      for (const { user_id } of released) await addToFigures(trx, user_id, at, { events: -1 });
    };

    switch (event.type) {
      case TechEventPublished.type:
      case TechEventUpdated.type:
        return take(event.data.eventId, event.data.organizerId, true);
      case TechEventRegistered.type:
        return take(event.data.eventId, event.data.userId, false);
      case TechEventRegistrationCancelled.type:
        return release(event.data.eventId, { userId: event.data.userId });
      case TechEventWithdrawn.type:
        return release(event.data.eventId, event.data.deleted ? undefined : { organizer: true });
    }
  },
);

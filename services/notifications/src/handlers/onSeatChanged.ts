import { TechEventRegistered, TechEventRegistrationCancelled, TechEventWithdrawn } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import type { NotificationsDb } from '../tables.ts';

/** Who holds a seat at which event, to tell them when it changes (the events service's events); a cancelled event has none. */
export const onSeatChanged = defineReadModel(
  ['event_attendees'],
  [TechEventRegistered, TechEventRegistrationCancelled, TechEventWithdrawn],
  async (trx: NotificationsDb, event) => {
    switch (event.type) {
      case TechEventRegistered.type:
        await trx
          .insertInto('event_attendees')
          .values({ event_id: event.data.eventId, user_id: event.data.userId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      case TechEventRegistrationCancelled.type:
        await trx
          .deleteFrom('event_attendees')
          .where('event_id', '=', event.data.eventId)
          .where('user_id', '=', event.data.userId)
          .execute();
        return;
      case TechEventWithdrawn.type:
        await trx.deleteFrom('event_attendees').where('event_id', '=', event.data.eventId).execute();
    }
  },
);

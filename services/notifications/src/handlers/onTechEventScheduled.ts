import { TechEventPublished, TechEventUpdated, TechEventWithdrawn } from '@commonwork/contracts';
import { defineReadModel, keepNewest } from '@commonwork/kit';
import type { NotificationsDb } from '../tables.ts';

/** Keeps when each published event starts, for the reminders job (the events service's events). */
export const onTechEventScheduled = defineReadModel(
  ['tech_events'],
  [TechEventPublished, TechEventUpdated, TechEventWithdrawn],
  async (trx: NotificationsDb, event) => {
    const at = new Date(event.envelope.occurredAt);
    if (event.type === TechEventWithdrawn.type) {
      await trx.deleteFrom('tech_events').where('event_id', '=', event.data.eventId).where('updated_at', '<=', at).execute();
      return;
    }
    const { eventId, title, startsAt } = event.data;
    await keepNewest(trx, 'tech_events', 'event_id', { event_id: eventId, title, starts_at: new Date(startsAt), updated_at: at });
  },
);

import { TechEventRegistered, TechEventUpdated, TechEventWithdrawn } from '@commonwork/contracts';
import { defineHandler } from '@commonwork/kit';
import { notifyFrom, senderCard } from '../inbox/notify.ts';
import type { NotificationsDb } from '../tables.ts';

/**
 * Event news (the events service's events): the organiser hears of each registration; everyone
 * registered hears when the event changes or is cancelled. Seats are kept by `onSeatChanged`, which
 * runs after this one: a cancelled event's attendees are still there to be told.
 */
export const onTechEventChanged = defineHandler(
  [TechEventRegistered, TechEventUpdated, TechEventWithdrawn],
  async (trx: NotificationsDb, event, tools) => {
    const { envelope } = event;
    switch (event.type) {
      case TechEventRegistered.type: {
        const { eventId, organizerId, userId, title, attendeeCount } = event.data;
        const who = await senderCard(trx, userId);
        await notifyFrom(
          trx,
          tools,
          envelope,
          { userId: organizerId, preference: 'event_reminders' },
          {
            type: 'event_invite',
            title: `New registration for ${title}`,
            message: `${who.name} registered for "${title}" (${attendeeCount} registered).`,
            sender: who,
            data: { eventId, eventTitle: title, words: 'eventRegistered', attendeeCount },
          },
        );
        return;
      }
      case TechEventUpdated.type:
      case TechEventWithdrawn.type: {
        const { eventId, title } = event.data;
        const cancelled = event.type === TechEventWithdrawn.type;
        const attendees = await trx.selectFrom('event_attendees').select('user_id').where('event_id', '=', eventId).execute();
        for (const { user_id } of attendees)
          await notifyFrom(
            trx,
            tools,
            envelope,
            { userId: user_id, preference: 'event_reminders' },
            {
              type: 'event_invite',
              title: cancelled ? `${title} was cancelled` : `${title} was updated`,
              message: cancelled
                ? `"${title}", which you registered for, will not take place.`
                : `"${title}", which you registered for, has changed. Check the details.`,
              sender: null,
              data: { eventId, eventTitle: title, words: cancelled ? 'eventCancelled' : 'eventUpdated' },
            },
          );
      }
    }
  },
);

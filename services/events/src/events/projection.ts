import type { EventFields } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import type { EventsDb } from '../tables.ts';
import type { Schedule, TechEventEvent } from './techEvent.ts';

const columnsOf = (fields: EventFields, schedule: Schedule) => ({
  title: fields.title,
  description: fields.description,
  category: fields.category,
  date: fields.date,
  time: fields.time,
  end_date: fields.endDate,
  end_time: fields.endTime,
  time_zone: fields.timeZone,
  starts_at: new Date(schedule.startsAt),
  ends_at: new Date(schedule.endsAt),
  location_type: fields.location.type,
  location: JSON.stringify({
    venue: fields.location.venue,
    address: fields.location.address,
    city: fields.location.city,
    country: fields.location.country,
    meetingLink: fields.location.meetingLink,
  }),
  price: fields.price,
  currency: fields.currency,
  max_attendees: fields.maxAttendees,
  rsvp_deadline: fields.rsvpDeadline,
  requirements: JSON.stringify(fields.requirements),
  agenda: JSON.stringify(fields.agenda),
  images: JSON.stringify(fields.images),
  tags: JSON.stringify(fields.tags),
  tags_text: fields.tags.join(' '),
});

/** The words a search may be corrected to: those of the title and tags, lower case, three letters or more. */
export const wordsOf = (fields: Pick<EventFields, 'title' | 'tags'>) => [
  ...new Set(
    [fields.title, ...fields.tags]
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3),
  ),
];

async function rememberWords(trx: EventsDb, fields: EventFields) {
  const words = wordsOf(fields);
  if (words.length > 0)
    await trx
      .insertInto('search_words')
      .values(words.map((word) => ({ word })))
      .onConflict((oc) => oc.column('word').doNothing())
      .execute();
}

type SeatEvent = StoredEvent<Extract<TechEventEvent, { type: 'AttendeeRegistered' | 'RegistrationCancelled' }>>;
const isSeat = (event: StoredEvent<TechEventEvent>): event is SeatEvent =>
  event.type === 'AttendeeRegistered' || event.type === 'RegistrationCancelled';

/**
 * A run of seats taken (or given up) on one event, as one statement, then the event's count as the
 * last of them left it: a batch of registrations costs two statements, not two per seat.
 */
async function projectSeats(trx: EventsDb, run: SeatEvent[]) {
  const last = run.at(-1);
  if (!last) return;
  const { eventId } = last.data;
  if (last.type === 'AttendeeRegistered')
    await trx
      .insertInto('event_attendees')
      .values(run.map((e) => ({ event_id: eventId, user_id: e.data.userId, registered_at: e.occurredAt })))
      .execute();
  else
    await trx
      .deleteFrom('event_attendees')
      .where('event_id', '=', eventId)
      .where(
        'user_id',
        'in',
        run.map((e) => e.data.userId),
      )
      .execute();
  await trx
    .updateTable('events')
    .set({ attendee_count: last.data.attendeeCount, version: last.streamVersion })
    .where('id', '=', eventId)
    .execute();
}

/**
 * Applies event-stream events to the events and attendees tables; the live path, the rebuild and
 * the seed use it. Consecutive seats of one kind on one event are applied together, in order.
 */
export async function projectTechEvents(trx: EventsDb, events: StoredEvent<TechEventEvent>[]) {
  let seats: SeatEvent[] = [];
  const flush = async () => {
    await projectSeats(trx, seats);
    seats = [];
  };
  for (const event of events) {
    if (isSeat(event)) {
      const previous = seats.at(-1);
      if (previous && (previous.type !== event.type || previous.data.eventId !== event.data.eventId)) await flush();
      seats.push(event);
      continue;
    }
    await flush();
    const base = { version: event.streamVersion, updated_at: event.occurredAt };
    switch (event.type) {
      case 'EventCreated': {
        const { eventId, organizerId, status, fields, schedule } = event.data;
        await trx
          .insertInto('events')
          .values({ id: eventId, organizer_id: organizerId, status, created_at: event.occurredAt, ...base, ...columnsOf(fields, schedule) })
          .execute();
        await rememberWords(trx, fields);
        break;
      }
      case 'EventEdited':
        await trx
          .updateTable('events')
          .set({ status: event.data.status, ...base, ...columnsOf(event.data.fields, event.data.schedule) })
          .where('id', '=', event.data.eventId)
          .execute();
        await rememberWords(trx, event.data.fields);
        break;
      case 'EventDeleted':
        await trx.deleteFrom('event_attendees').where('event_id', '=', event.data.eventId).execute();
        await trx.deleteFrom('events').where('id', '=', event.data.eventId).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
  await flush();
}

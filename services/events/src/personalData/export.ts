import type { PersonalDataExport } from '@commonwork/kit';
import type { EventsTables } from '../tables.ts';

/** Events' part of a person's export: the events they organise (drafts too) and the events they registered for. */
export const exportEventsPerson: PersonalDataExport<EventsTables> = async (personId, db) => {
  const organised = await db
    .selectFrom('events')
    .select([
      'id',
      'title',
      'description',
      'category',
      'date',
      'time',
      'end_date as endDate',
      'end_time as endTime',
      'time_zone as timeZone',
      'location_type as locationType',
      'location',
      'price',
      'currency',
      'max_attendees as maxAttendees',
      'attendee_count as attendeeCount',
      'rsvp_deadline as rsvpDeadline',
      'requirements',
      'agenda',
      'images',
      'tags',
      'status',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .where('organizer_id', '=', personId)
    .orderBy('created_at')
    .execute();
  const registrations = await db
    .selectFrom('event_attendees as a')
    .leftJoin('events as e', 'e.id', 'a.event_id')
    .select(['a.event_id as eventId', 'e.title', 'e.starts_at as startsAt', 'a.registered_at as registeredAt'])
    .where('a.user_id', '=', personId)
    .orderBy('a.registered_at')
    .execute();
  return { organised, registrations };
};

import type { TechEvent } from '@commonwork/contracts';
import type { EventRow } from '../tables.ts';
import { registrationClosesAt } from './schedule.ts';

/** An event row with what the queries join to it. */
export interface EventView extends EventRow {
  organizer_name: string | null;
  organizer_picture: string | null;
  channel_id: string | null;
  /** Whether the caller holds a seat. */
  is_registered: boolean;
}

export interface Viewer {
  /** The caller, when signed in. */
  userId: string | null;
  /** The first attendees to show (the detail's avatars); lists show none. */
  attendees: { user_id: string; name: string | null; picture: string | null }[];
  now: Date;
}

/**
 * The event as screens read it. The meeting link is for the people in the room: attendees and the
 * organiser; everyone else gets an empty link. A person not yet known locally shows as 'Member'.
 */
export function presentEvent(row: EventView, viewer: Viewer): TechEvent {
  const isOrganizer = viewer.userId === row.organizer_id;
  const seesLink = isOrganizer || row.is_registered;
  const attendeeCount = row.attendee_count;
  const isFull = row.max_attendees !== null && attendeeCount >= row.max_attendees;
  const schedule = { startsAt: new Date(row.starts_at).toISOString(), endsAt: new Date(row.ends_at).toISOString() };
  const closesAt = registrationClosesAt({ rsvpDeadline: row.rsvp_deadline, timeZone: row.time_zone }, schedule);
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    date: row.date,
    endDate: row.end_date,
    time: row.time,
    endTime: row.end_time,
    timeZone: row.time_zone,
    startsAt: schedule.startsAt,
    endsAt: schedule.endsAt,
    location: { type: row.location_type, ...row.location, meetingLink: seesLink ? row.location.meetingLink : '' },
    price: Number(row.price),
    currency: row.currency,
    maxAttendees: row.max_attendees,
    attendeeCount,
    isFull,
    hasEnded: Date.parse(schedule.endsAt) <= viewer.now.getTime(),
    registrationOpen: row.status === 'published' && !isFull && viewer.now.getTime() < Date.parse(closesAt),
    rsvpDeadline: row.rsvp_deadline,
    requirements: row.requirements,
    agenda: row.agenda,
    images: row.images,
    tags: row.tags,
    featured: row.featured,
    status: row.status,
    // Verification is not a concept of identity yet: nobody is shown as verified (docs/decisions/events/answers-beyond-spec.md).
    organizer: {
      _id: row.organizer_id,
      name: row.organizer_name ?? 'Member',
      verified: false,
      profilePicture: row.organizer_picture ?? '',
    },
    attendees: viewer.attendees.map((a) => ({ _id: a.user_id, name: a.name ?? 'Member', profilePicture: a.picture ?? '' })),
    isRegistered: row.is_registered,
    channelId: row.channel_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

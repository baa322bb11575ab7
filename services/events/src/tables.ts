import type { AgendaItem, EventCategory, EventStatus, LocationType } from '@commonwork/contracts';
import type { ProfileVisibilityTable } from '@commonwork/kit';
import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable } from 'kysely';
import type { z } from 'zod';

export interface EventsTable {
  id: string;
  organizer_id: string;
  title: string;
  description: string;
  category: EventCategory;
  date: string;
  time: string;
  end_date: string | null;
  end_time: string | null;
  time_zone: string;
  starts_at: Date;
  ends_at: Date;
  location_type: LocationType;
  location: JSONColumnType<{ venue: string; address: string; city: string; country: string; meetingLink: string }>;
  // numeric: pg returns a string, PGlite a number; the presenter converts.
  price: ColumnType<string | number, number, number>;
  currency: 'USD' | 'EUR' | 'GBP' | 'INR';
  max_attendees: number | null;
  attendee_count: Generated<number>;
  rsvp_deadline: string | null;
  requirements: JSONColumnType<string[]>;
  agenda: JSONColumnType<z.output<typeof AgendaItem>[]>;
  images: JSONColumnType<{ url: string; publicId: string }[]>;
  tags: JSONColumnType<string[]>;
  tags_text: string;
  featured: Generated<boolean>;
  status: EventStatus;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The events service's tables: its projections, and the read models fed by other services' events. */
export interface EventsTables {
  events: EventsTable;
  event_attendees: { event_id: string; user_id: string; registered_at: Date };
  /** Every word of titles and tags, for typo correction (search/listEvents.ts). */
  search_words: { word: string };
  /** Names and pictures of organisers and attendees (identity's events). */
  people: { user_id: string; name: string; picture: string; updated_at: Date };
  /** Each event's community channel (messaging's events). */
  event_channels: { event_id: string; channel_id: string };
  /** Whose profile is private (identity's preferences): attendee lists leave them out for others. */
  profile_visibility: ProfileVisibilityTable;
}

export type EventsDb = Kysely<EventsTables>;
export type EventRow = Selectable<EventsTable>;

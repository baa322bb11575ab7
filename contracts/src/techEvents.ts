import { z } from 'zod';
import { LIMITS } from './constants.ts';
import {
  CURRENCIES,
  EVENT_CATEGORIES,
  type EVENT_DATE_FILTERS,
  EVENT_IMAGES_MAX,
  EVENT_PAGE_SIZE,
  EVENT_TAGS_MAX,
  EVENT_TITLE_MAX,
} from './eventCatalog.ts';
import { ImageUrl } from './media.ts';
import { formNumber } from './numbers.ts';
import { isTimeZone } from './timeZones.ts';
import { httpUrl } from './webUrl.ts';

export const EventCategory = z.enum(EVENT_CATEGORIES);
export type EventCategory = z.infer<typeof EventCategory>;

export const LocationType = z.enum(['online', 'offline', 'hybrid']);
export type LocationType = z.infer<typeof LocationType>;

export const Currency = z.enum(CURRENCIES);
export const EventStatus = z.enum(['draft', 'published']);
export type EventStatus = z.infer<typeof EventStatus>;

export type EventDateFilter = (typeof EVENT_DATE_FILTERS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar day: `yyyy-MM-dd`, or an ISO date-time whose day part is taken (what a date input or a Date sends). */
const Day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((value) => value.slice(0, 10))
    .refine(
      (day) => DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      'Enter a valid date',
    );
const OptionalDay = z
  .union([z.literal(''), z.null(), Day('Enter a valid date')])
  .optional()
  .transform((value) => value || null);
const Clock = (message: string) => z.string({ error: message }).trim().min(1, message).regex(CLOCK, 'Enter a time as HH:mm');

const text = (max: number) => z.string().trim().max(max).default('');
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const EventLocation = z.object({
  type: z.string({ error: 'Location type is required' }).trim().min(1, 'Location type is required').pipe(LocationType),
  venue: text(200),
  address: text(300),
  city: text(100),
  country: text(100),
  meetingLink: z.union([z.literal(''), httpUrl('Enter a valid meeting link').max(1_000)]).default(''),
});

export const AgendaItem = z.object({
  time: required('Agenda item time is required', 20),
  title: required('Agenda item title is required', 200),
  description: text(1_000),
  speaker: text(200),
});

export const EventImage = z.object({ url: ImageUrl, publicId: z.string().trim().max(200).default('') });

/**
 * Create and update body (spec 001 §5): everything the form checks, checked again here, each failure
 * a `details` entry naming its field. Amounts arrive as the form sends them (numbers or numeric text).
 */
export const EventInput = z
  .object({
    title: required('Title is required', EVENT_TITLE_MAX).max(EVENT_TITLE_MAX, `Title must be at most ${EVENT_TITLE_MAX} characters`),
    description: required('Description is required', 10_000),
    category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').pipe(EventCategory),
    date: Day('Start date is required'),
    time: Clock('Start time is required'),
    endDate: OptionalDay,
    endTime: z
      .union([z.literal(''), z.null(), z.string().trim().regex(CLOCK, 'Enter a time as HH:mm')])
      .optional()
      .transform((value) => value || null),
    /** The organiser's IANA zone; the calendar entry and "has ended" are computed in it. */
    timeZone: z.string().trim().default('UTC').refine(isTimeZone, 'Unknown time zone'),
    location: EventLocation,
    price: formNumber('Price must be a number')
      .pipe(z.number().min(0, 'Price must be 0 or more').max(99_999, 'Price must be at most 99999'))
      .default(0),
    currency: Currency.default('USD'),
    // Empty means unlimited; anything else must be a whole number of seats (the form sends text or numbers).
    maxAttendees: z.preprocess(
      (value) => (value === '' || value === null || value === undefined ? null : value),
      formNumber('Max attendees must be a whole number')
        .pipe(
          z
            .number()
            .int('Max attendees must be a whole number')
            .min(1, 'Max attendees must be at least 1')
            .max(100_000, 'Max attendees must be at most 100000'),
        )
        .nullable(),
    ),
    rsvpDeadline: OptionalDay,
    requirements: z.array(z.string().trim().min(1, 'A requirement cannot be blank').max(300)).max(50).default([]),
    agenda: z.array(AgendaItem).max(50).default([]),
    images: z.array(EventImage).max(EVENT_IMAGES_MAX, 'Only one image is allowed').default([]),
    tags: z
      .array(z.string().trim().min(1, 'A tag cannot be blank').max(LIMITS.skillMax, 'A tag must be at most 50 characters'))
      .max(EVENT_TAGS_MAX, `At most ${EVENT_TAGS_MAX} tags`)
      .default([])
      .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, 'Tags must not repeat'),
    status: EventStatus.default('draft'),
    /** The saved draft the event was written from (on creation): removed once the event is published. */
    draftId: z.uuid().optional(),
  })
  .superRefine((event, ctx) => {
    const { location } = event;
    if (location.type === 'online' && !location.meetingLink)
      ctx.addIssue({ code: 'custom', path: ['location', 'meetingLink'], message: 'Meeting link is required for online events' });
    if (location.type !== 'online' && !location.address)
      ctx.addIssue({ code: 'custom', path: ['location', 'address'], message: 'Address is required for in-person and hybrid events' });
    if (event.endDate && event.endDate < event.date)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
    if (event.endTime && (event.endDate ?? event.date) === event.date && event.endTime <= event.time)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' });
    if (event.rsvpDeadline && event.rsvpDeadline > event.date)
      ctx.addIssue({ code: 'custom', path: ['rsvpDeadline'], message: 'RSVP deadline must be on or before the event date' });
  });
export type EventInput = z.input<typeof EventInput>;
export type EventFields = Omit<z.output<typeof EventInput>, 'status' | 'draftId'>;

export const EventPerson = z.object({ _id: z.uuid(), name: z.string(), profilePicture: z.string() });

/** The event as every screen reads it (spec 001 §3), plus what the server knows that the client would guess. */
export const TechEvent = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: EventCategory,
  date: z.string().describe('yyyy-MM-dd, in the event time zone'),
  endDate: z.string().nullable(),
  time: z.string(),
  endTime: z.string().nullable(),
  timeZone: z.string(),
  startsAt: z.string().describe('ISO instant the event starts'),
  endsAt: z.string().describe('ISO instant it ends: its end date and time, else the end of its last day'),
  location: EventLocation.extend({ meetingLink: z.string().describe('empty unless the caller is registered or the organiser') }),
  price: z.number(),
  currency: Currency,
  maxAttendees: z.number().nullable(),
  attendeeCount: z.number(),
  isFull: z.boolean(),
  hasEnded: z.boolean(),
  /** Whether a seat can still be taken now: published, not full, before the RSVP deadline's end and the event's. */
  registrationOpen: z.boolean(),
  rsvpDeadline: z.string().nullable(),
  requirements: z.array(z.string()),
  agenda: z.array(AgendaItem),
  images: z.array(z.object({ url: z.string(), publicId: z.string() })),
  tags: z.array(z.string()),
  featured: z.boolean(),
  status: EventStatus,
  organizer: EventPerson.extend({ verified: z.boolean() }),
  /** The first attendees (up to 8 on the detail, none in lists); `attendeeCount` is the total. */
  attendees: z.array(EventPerson),
  /** Whether the caller holds a seat (false when anonymous). */
  isRegistered: z.boolean(),
  /** The event's community channel, once messaging has opened it. */
  channelId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TechEvent = z.infer<typeof TechEvent>;

export const EventIdParams = z.object({ id: z.uuid('Event id must be a UUID') });

const Choice = <T extends z.ZodType>(values: T) => z.union([z.literal(''), z.literal('all'), values]).optional();

/** GET /api/events as the spec's axios client serialises it: nested objects become `location[type]`, `priceRange[min]`. */
export const ListEventsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(EVENT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  category: Choice(EventCategory),
  'location[type]': Choice(LocationType),
  /** 'date' (the spec client's): still to come first, soonest first; 'relevance' ranks a search's matches (title over tags over description). */
  sort: z.enum(['date', 'relevance', 'newest', 'price']).default('date'),
  'priceRange[min]': z.coerce.number().min(0).optional(),
  'priceRange[max]': z.coerce.number().min(0).optional(),
  /** Only the caller's own events, drafts included. */
  mine: z.enum(['true', 'false']).optional(),
  /** Only events the caller is registered for. */
  registered: z.enum(['true', 'false']).optional(),
});
export type ListEventsQuery = z.infer<typeof ListEventsQuery>;

export const EventPagination = z.object({ page: z.number(), pages: z.number(), total: z.number(), limit: z.number() });
export const EventListResponse = z.object({
  success: z.literal(true),
  data: z.object({ events: z.array(TechEvent), pagination: EventPagination }),
});
export const EventResponse = z.object({ success: z.literal(true), data: TechEvent, message: z.string().optional() });
export const UpcomingEventsQuery = z.object({ limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(2) });
export const UpcomingEventsResponse = z.object({ success: z.literal(true), data: z.array(TechEvent) });
export const EventMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export const RsvpResponse = z.object({ success: z.literal(true), message: z.string(), data: TechEvent });

import type { EventInput, TechEvent } from '@commonwork/contracts';

/** The form's values: what the inputs hold (text for numbers, '' for empty). */
export interface EventFormValues {
  title: string;
  description: string;
  category: string;
  date: string;
  time: string;
  endDate: string;
  endTime: string;
  timeZone: string;
  location: { type: string; venue: string; address: string; city: string; country: string; meetingLink: string };
  price: string;
  currency: 'USD' | 'EUR' | 'GBP' | 'INR';
  maxAttendees: string;
  rsvpDeadline: string;
  requirements: { text: string }[];
  agenda: { time: string; title: string; description: string; speaker: string }[];
  images: { url: string; publicId: string }[];
  tags: string[];
}

/** The browser's zone, which the organiser's clock means (a server-side default would be UTC). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const emptyEventForm = (timeZone = browserTimeZone()): EventFormValues => ({
  title: '',
  description: '',
  category: '',
  date: '',
  time: '',
  endDate: '',
  endTime: '',
  timeZone,
  location: { type: '', venue: '', address: '', city: '', country: '', meetingLink: '' },
  price: '0',
  currency: 'USD',
  maxAttendees: '',
  rsvpDeadline: '',
  requirements: [],
  agenda: [],
  images: [],
  tags: [],
});

/** An event's values in the form, for editing. */
export function formValuesOf(event: TechEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    category: event.category,
    date: event.date,
    time: event.time,
    endDate: event.endDate ?? '',
    endTime: event.endTime ?? '',
    timeZone: event.timeZone,
    location: { ...event.location },
    price: String(event.price),
    currency: event.currency,
    maxAttendees: event.maxAttendees === null ? '' : String(event.maxAttendees),
    rsvpDeadline: event.rsvpDeadline ?? '',
    requirements: event.requirements.map((text) => ({ text })),
    agenda: event.agenda.map((item) => ({ ...item })),
    images: event.images,
    tags: event.tags,
  };
}

/**
 * The request body (spec 001 §5): max attendees as an integer, price as a decimal, an empty end date
 * and RSVP deadline left out; the status is the button's.
 */
export function toEventBody(values: EventFormValues, status: 'draft' | 'published'): EventInput {
  const { endDate, rsvpDeadline, maxAttendees, price, requirements, ...rest } = values;
  return {
    ...rest,
    title: rest.title.trim(),
    description: rest.description.trim(),
    price: price.trim() === '' ? 0 : Number.parseFloat(price),
    maxAttendees: maxAttendees.trim() === '' ? null : Number.parseInt(maxAttendees, 10),
    requirements: requirements.map((r) => r.text),
    ...(endDate && { endDate }),
    ...(rsvpDeadline && { rsvpDeadline }),
    status,
  } as EventInput;
}

/** Changing the location type clears where it happens (spec 001 §4). */
export const clearedLocation = (type: string): EventFormValues['location'] => ({
  type,
  venue: '',
  address: '',
  city: '',
  country: '',
  meetingLink: '',
});

/** Which place fields a location type shows: the venue fields for in-person or hybrid, the link for online or hybrid. */
export const placeFieldsOf = (type: string) => ({
  venue: type === 'offline' || type === 'hybrid',
  link: type === 'online' || type === 'hybrid',
});

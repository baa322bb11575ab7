import { LOCATION_TYPES, type TechEvent } from '@commonwork/contracts';

export const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

export const locationTypeLabel = (type: string) => LOCATION_TYPES.find((t) => t.value === type)?.label ?? type;

/** Where, in a few words: 'Online', or the city (else the venue) for in-person and hybrid events. */
export function whereText(event: Pick<TechEvent, 'location'>) {
  const { type, city, venue } = event.location;
  if (type === 'online') return 'Online';
  const place = city || venue || locationTypeLabel(type);
  return type === 'hybrid' ? `${place} + Online` : place;
}

/**
 * The box an event's picture is drawn in: the link-preview shape (1.91:1) posters are made in, and
 * the whole picture shown (object-contain), so a picture of another shape is framed, never cut: a
 * poster's title is part of what it says, and object-cover left 'ust Meetup' of it on a phone.
 */
export const EVENT_PICTURE_BOX = 'aspect-[40/21] w-full bg-slate-100 object-contain dark:bg-slate-800';

/** 'Free', or the amount in its currency. */
export function priceText(event: Pick<TechEvent, 'price' | 'currency'>) {
  if (event.price === 0) return 'Free';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: event.currency, maximumFractionDigits: 2 }).format(event.price);
}

/** '12 / 50 attendees', or '12 attendees' when there is no limit. */
export const seatsText = (event: Pick<TechEvent, 'attendeeCount' | 'maxAttendees'>) =>
  event.maxAttendees === null ? `${event.attendeeCount} attendees` : `${event.attendeeCount} / ${event.maxAttendees} attendees`;

export const isOrganizer = (event: Pick<TechEvent, 'organizer'>, userId: string | undefined) =>
  Boolean(userId) && event.organizer._id === userId;

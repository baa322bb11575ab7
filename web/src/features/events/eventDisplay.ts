import type { EventCategory, LocationType, TechEvent } from '@commonwork/contracts';
import { activeLocale } from '../../shared/i18n/index.ts';
import { t } from './locales/index.ts';

const CATEGORIES = {
  workshop: 'events.category.workshop',
  conference: 'events.category.conference',
  networking: 'events.category.networking',
  hackathon: 'events.category.hackathon',
  webinar: 'events.category.webinar',
  meetup: 'events.category.meetup',
  other: 'events.category.other',
} as const satisfies Record<EventCategory, string>;

/** The location types' labels (spec 001 §7: offline reads In-Person). */
const LOCATION_TYPE_LABELS = {
  online: 'events.locationType.online',
  offline: 'events.locationType.offline',
  hybrid: 'events.locationType.hybrid',
} as const satisfies Record<LocationType, string>;

/** A category's name in the language shown ('Workshop'); an unknown one as it came. */
export const categoryLabel = (category: string) =>
  Object.hasOwn(CATEGORIES, category) ? t(CATEGORIES[category as EventCategory]) : category;

/** A location type's label ('In-Person' for offline); an unknown one as it came. */
export const locationTypeLabel = (type: string) =>
  Object.hasOwn(LOCATION_TYPE_LABELS, type) ? t(LOCATION_TYPE_LABELS[type as LocationType]) : type;

/** Where, in a few words: 'Online', or the city (else the venue) for in-person and hybrid events. */
export function whereText(event: Pick<TechEvent, 'location'>) {
  const { type, city, venue } = event.location;
  if (type === 'online') return locationTypeLabel(type);
  const place = city || venue || locationTypeLabel(type);
  return type === 'hybrid' ? t('events.where.hybrid', { place }) : place;
}

/**
 * The box an event's picture is drawn in: the link-preview shape (1.91:1) posters are made in, and
 * the whole picture shown (object-contain), so a picture of another shape is framed, never cut: a
 * poster's title is part of what it says, and object-cover left 'ust Meetup' of it on a phone.
 */
export const EVENT_PICTURE_BOX = 'aspect-[40/21] w-full bg-slate-100 object-contain dark:bg-slate-800';

/** 'Free', or the amount in its currency, written as the language shown writes amounts ('$25', '25,00 $'). */
export function priceText(event: Pick<TechEvent, 'price' | 'currency'>) {
  if (event.price === 0) return t('events.price.free');
  const locale = activeLocale() === 'en' ? 'en-US' : activeLocale();
  return new Intl.NumberFormat(locale, { style: 'currency', currency: event.currency, maximumFractionDigits: 2 }).format(event.price);
}

/** '12 / 50 attendees', or '12 attendees' (one: '1 attendee') when there is no limit. */
export const seatsText = (event: Pick<TechEvent, 'attendeeCount' | 'maxAttendees'>) =>
  event.maxAttendees === null
    ? t('events.seats', { count: event.attendeeCount })
    : t('events.seatsOf', { count: event.attendeeCount, max: event.maxAttendees });

export const isOrganizer = (event: Pick<TechEvent, 'organizer'>, userId: string | undefined) =>
  Boolean(userId) && event.organizer._id === userId;

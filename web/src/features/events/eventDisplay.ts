import type { TechEvent } from '@commonwork/contracts';
import { activeLocale } from '../../shared/i18n/index.ts';
import { categoryLabel, locationTypeLabel } from './eventLabels.ts';
import { t } from './locales/index.ts';
import { isOrganizer } from './organizer.ts';

export { categoryLabel, isOrganizer, locationTypeLabel };

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

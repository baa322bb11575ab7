import type { EventCategory, LocationType } from '@commonwork/contracts';
import { t } from './labels/locales/index.ts';

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

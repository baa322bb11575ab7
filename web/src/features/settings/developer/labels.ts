import { PUBLIC_EVENT_TYPES, type PublicEventType, SCOPES, type Scope } from '@commonwork/contracts';
import { formatDate } from '../../../shared/format/dates.ts';
import { translateEnglish } from '../../../shared/i18n/index.ts';
import { t } from './locales/index.ts';

/** A scope's sentence (contracts' SCOPES) in the language shown: the catalog holds each word for word. */
export const scopeSentence = (scope: Scope): string => translateEnglish(SCOPES[scope]);

/** The families of public events, in the order contracts list them: what comes before the first dot. */
export const EVENT_FAMILIES = ['gig', 'event', 'channel', 'chat', 'notification', 'order', 'review'] as const;
export type EventFamily = (typeof EVENT_FAMILIES)[number];

const FAMILY_LABELS = {
  gig: 'developer.family.gig',
  event: 'developer.family.event',
  channel: 'developer.family.channel',
  chat: 'developer.family.chat',
  notification: 'developer.family.notification',
  order: 'developer.family.order',
  review: 'developer.family.review',
} as const satisfies Record<EventFamily, string>;

export const familyLabel = (family: EventFamily): string => t(FAMILY_LABELS[family]);

export const familyOf = (type: PublicEventType): string => type.slice(0, type.indexOf('.'));

/** Every public event type under its family, each family once, in contracts' order. */
export const EVENTS_BY_FAMILY: readonly { family: EventFamily; types: PublicEventType[] }[] = EVENT_FAMILIES.map((family) => ({
  family,
  types: PUBLIC_EVENT_TYPES.filter((type) => familyOf(type) === family),
}));

/** A day: 'Nov 26, 2026' in English (the spec's pattern), the language's own form otherwise. */
export const formatDay = (date: string): string => formatDate(date, 'MMM d, yyyy', 'PP');

/** A day and time, for a delivery's next try. */
export const formatMoment = (date: string): string => formatDate(date, 'MMM d, yyyy h:mm a', 'PPp');

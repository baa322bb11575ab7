import { z } from 'zod';
import type { EventContract } from './events/envelope.ts';
import {
  TechEventPublished,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  TechEventUpdated,
  TechEventWithdrawn,
} from './events/events.ts';
import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from './events/marketplace.ts';
import { ChannelMessagePosted, ChannelMessageUpdated, ChatMessagePosted, ChatMessageUpdated } from './events/messaging.ts';
import { InboxNotified } from './events/notifications.ts';
import {
  OrderAccepted,
  OrderCancellationRefused,
  OrderCancellationRequested,
  OrderCancellationWithdrawn,
  OrderCancelled,
  OrderCompleted,
  OrderDeclined,
  OrderDelivered,
  OrderMarkedLate,
  OrderPlaced,
  OrderRevisionRequested,
  ReviewReplied,
  ReviewWritten,
} from './events/orders.ts';
import type { Scope } from './scopes.ts';
import { httpUrl } from './webUrl.ts';

/**
 * One event integrators can subscribe to: the domain event it is made from, the read scope a token
 * needs to see it in the feed, and who may receive it (the audience rule, enforced by the webhooks
 * service: a webhook carries only what its owner could read through the API at that moment).
 */
export interface PublicEventEntry {
  from: EventContract;
  scope: Scope;
  /** Who receives it, in words (the integrators' page and OpenAPI's `webhooks` say it). */
  audience: string;
}

const entry = (from: EventContract, scope: Scope, audience: string): PublicEventEntry => ({ from, scope, audience });

/**
 * Every public event by its public name. The body of a delivery (and a feed entry) is
 * `{type, timestamp, data}`, `data` being the domain event's payload as its contract declares it.
 */
export const PUBLIC_EVENTS = {
  'gig.created': entry(GigPublished, 'gigs:read', 'the gig’s owner'),
  'gig.updated': entry(GigUpdated, 'gigs:read', 'the gig’s owner'),
  'gig.unpublished': entry(GigUnpublished, 'gigs:read', 'the gig’s owner'),
  'gig.deleted': entry(GigDeleted, 'gigs:read', 'the gig’s owner'),
  'event.created': entry(TechEventPublished, 'events:read', 'the event’s organiser'),
  'event.updated': entry(TechEventUpdated, 'events:read', 'the event’s organiser and the people registered'),
  'event.withdrawn': entry(TechEventWithdrawn, 'events:read', 'the event’s organiser and the people registered'),
  'event.registration.created': entry(TechEventRegistered, 'events:read', 'the event’s organiser and the person registering'),
  'event.registration.cancelled': entry(TechEventRegistrationCancelled, 'events:read', 'the event’s organiser and the person cancelling'),
  'channel.message.posted': entry(ChannelMessagePosted, 'messages:read', 'the channel’s members'),
  'channel.message.updated': entry(ChannelMessageUpdated, 'messages:read', 'the channel’s members'),
  'chat.message.posted': entry(ChatMessagePosted, 'messages:read', 'the conversation’s two participants'),
  'chat.message.updated': entry(ChatMessageUpdated, 'messages:read', 'the conversation’s two participants'),
  'notification.created': entry(InboxNotified, 'notifications:read', 'the person notified'),
  'order.placed': entry(OrderPlaced, 'orders:read', 'the order’s buyer and seller'),
  'order.accepted': entry(OrderAccepted, 'orders:read', 'the order’s buyer and seller'),
  'order.declined': entry(OrderDeclined, 'orders:read', 'the order’s buyer and seller'),
  'order.delivered': entry(OrderDelivered, 'orders:read', 'the order’s buyer and seller'),
  'order.revision_requested': entry(OrderRevisionRequested, 'orders:read', 'the order’s buyer and seller'),
  'order.completed': entry(OrderCompleted, 'orders:read', 'the order’s buyer and seller'),
  'order.cancellation_requested': entry(OrderCancellationRequested, 'orders:read', 'the order’s buyer and seller'),
  'order.cancellation_refused': entry(OrderCancellationRefused, 'orders:read', 'the order’s buyer and seller'),
  'order.cancellation_withdrawn': entry(OrderCancellationWithdrawn, 'orders:read', 'the order’s buyer and seller'),
  'order.cancelled': entry(OrderCancelled, 'orders:read', 'the order’s buyer and seller'),
  'order.marked_late': entry(OrderMarkedLate, 'orders:read', 'the order’s buyer and seller'),
  'review.created': entry(ReviewWritten, 'orders:read', 'the order’s buyer and seller'),
  'review.replied': entry(ReviewReplied, 'orders:read', 'the order’s buyer and seller'),
} as const satisfies Record<string, PublicEventEntry>;

export type PublicEventType = keyof typeof PUBLIC_EVENTS;
export const PUBLIC_EVENT_TYPES = Object.keys(PUBLIC_EVENTS) as [PublicEventType, ...PublicEventType[]];
export const PublicEventType = z.enum(PUBLIC_EVENT_TYPES, {
  error: () => ({ message: 'Unknown event type (see GET /api/docs, webhooks)' }),
});

/** The public name of each domain event that has one. */
export const PUBLIC_TYPE_OF_EVENT: Readonly<Record<string, PublicEventType>> = Object.fromEntries(
  PUBLIC_EVENT_TYPES.map((type) => [PUBLIC_EVENTS[type].from.type, type]),
);

/** The test call `POST /api/webhooks/{id}/ping` sends: not a subscribable event. */
export const WEBHOOK_PING_TYPE = 'webhook.ping';

/** One public event as a webhook delivers it and the feed lists it. */
export const PublicEvent = z.object({
  /** The domain event's id: the same event has the same id in the feed and in every delivery. */
  id: z.uuid(),
  type: z.string(),
  /** When it happened, ISO 8601. */
  timestamp: z.string(),
  data: z.unknown(),
});
export type PublicEvent = z.infer<typeof PublicEvent>;

export const WEBHOOK_LIMITS = {
  perPerson: 20,
  descriptionMax: 500,
  urlMax: 2000,
  /** How long one call may take before it counts as failed. */
  timeoutMs: 10_000,
  /** Waits before each retry after a failed call (Standard Webhooks' schedule). */
  retryDelaysMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000],
  /** A subscription failing this long is disabled and its owner notified. */
  disableAfterMs: 3 * 24 * 3_600_000,
  /** How much of a receiver's answer the delivery log keeps. */
  responseKeptBytes: 1024,
  /** Feed entries are kept at least this long. */
  feedKeptDays: 30,
  feedPageMax: 100,
} as const;

const WebhookUrl = httpUrl('Enter a valid http(s) URL').max(
  WEBHOOK_LIMITS.urlMax,
  `URL must be at most ${WEBHOOK_LIMITS.urlMax} characters`,
);
const WebhookEvents = z
  .array(PublicEventType)
  .min(1, 'Choose at least one event')
  .refine((types) => new Set(types).size === types.length, 'Each event once');
const Description = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMax, `Description must be at most ${WEBHOOK_LIMITS.descriptionMax} characters`);

/** POST /api/webhooks. */
export const CreateWebhookRequest = z.object({ url: WebhookUrl, events: WebhookEvents, description: Description.default('') });
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** PATCH /api/webhooks/{id}: at least one field. Enabling a disabled one starts its deliveries again. */
export const UpdateWebhookRequest = z
  .object({
    url: WebhookUrl.optional(),
    events: WebhookEvents.optional(),
    description: Description.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Change at least one field');
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

export const Webhook = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(PublicEventType),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it is disabled when the platform disabled it (3 days of failures); null otherwise. */
  disabledReason: z.string().nullable(),
  /** Since when its deliveries have failed without a success; null when the last one succeeded. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookIdParams = z.object({ id: z.uuid('Webhook id must be a UUID') });
export const DeliveryIdParams = WebhookIdParams.extend({ deliveryId: z.uuid('Delivery id must be a UUID') });
export const WebhookResponse = z.object({ success: z.literal(true), webhook: Webhook });
/** The answer to a create: the webhook and its signing secret (`whsec_…`), shown this once. */
export const CreatedWebhookResponse = WebhookResponse.extend({ secret: z.string() });
export const WebhookListResponse = z.object({ success: z.literal(true), webhooks: z.array(Webhook) });
export const WebhookDeletedResponse = z.object({ success: z.literal(true), message: z.string() });

export const DeliveryStatus = z.enum(['pending', 'succeeded', 'retrying', 'failed']);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/** One event's delivery to one webhook, over all its attempts (the `webhook-id` is its id). */
export const WebhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  type: z.string(),
  status: DeliveryStatus,
  attempts: z.number().int().min(0),
  /** The last attempt's HTTP status; null before any, or when no answer came (timeout, refused). */
  responseStatus: z.number().int().nullable(),
  /** The last attempt's duration; null before any. */
  durationMs: z.number().int().nullable(),
  /** The first kilobyte of the last answer, or why there was none. */
  response: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const DeliveryListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const DeliveryListResponse = z.object({ success: z.literal(true), deliveries: z.array(WebhookDelivery), hasMore: z.boolean() });
export const DeliveryResponse = z.object({ success: z.literal(true), delivery: WebhookDelivery });

/** GET /api/feed: the public events its caller may read, oldest first after the cursor. */
export const FeedQuery = z.object({
  /** A cursor from an earlier answer's `next`; absent: from the oldest kept. */
  after: z.string().regex(/^\d+$/, 'Cursor must be a cursor from an earlier answer').optional(),
  /** Comma-separated public event types. */
  types: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean),
    )
    .pipe(z.array(PublicEventType))
    .optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.feedPageMax).default(50),
});
export const FeedResponse = z.object({
  success: z.literal(true),
  events: z.array(PublicEvent),
  /** Where to continue from: the last event's cursor, or the one given when there was none. */
  next: z.string(),
  hasMore: z.boolean(),
});

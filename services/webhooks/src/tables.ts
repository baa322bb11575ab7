import type { DeliveryStatus, PublicEventType } from '@commonwork/contracts';
import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable } from 'kysely';

/** One row per webhook, as of its last event (the webhook aggregate's projection); deleted ones removed. */
export interface WebhooksTable {
  id: string;
  owner_id: string;
  url: string;
  events: PublicEventType[];
  description: string;
  /** The signing secret (`whsec_…`): read by the sender only, never logged nor answered after the create. */
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  /**
   * Since when its deliveries have failed without a success: kept by the dispatcher (not an event
   * per attempt); cleared when the owner enables it again.
   */
  failing_since: Date | null;
  created_at: Date;
}

/** The body of a delivery exactly as sent (and as the feed lists it, less the id). */
export interface DeliveryBody {
  type: string;
  timestamp: string;
  data: unknown;
}

/** One public event's delivery to one webhook, over all its attempts (`webhook-id` is its id). */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  /** The public event's position (`public_events.seq`): deliveries of one webhook go in this order. A ping takes a fresh one. */
  seq: ColumnType<string, string | number | bigint, string | number | bigint>;
  type: string;
  body: JSONColumnType<DeliveryBody>;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  response_status: number | null;
  duration_ms: number | null;
  response: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  /** When it is due: now for a new one, the backoff's time for a retry, null once it ended. */
  next_attempt_at: Date | null;
}

/** Every public event, once, with who may read it as of when it happened: the feed, and what deliveries are made from. */
export interface PublicEventsTable {
  seq: Generated<string>;
  /** The domain event's id: a redelivered domain event is stored once. */
  event_id: string;
  type: PublicEventType;
  occurred_at: Date;
  data: ColumnType<unknown, string, string>;
  /** The people who may read it (the audience rule of PUBLIC_EVENTS). */
  audience: string[];
}

/** Who is in each channel (messaging's events): a channel message's audience. */
export interface ChannelMembersTable {
  channel_id: string;
  user_id: string;
}

/** Who holds a seat at each tech event (events' events): part of an event change's audience. */
export interface EventRegistrationsTable {
  event_id: string;
  user_id: string;
}

/** The webhooks service's tables: its projection, its reactions' tables and the read models of the audiences. */
export interface WebhooksTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  public_events: PublicEventsTable;
  channel_members: ChannelMembersTable;
  event_registrations: EventRegistrationsTable;
}

export type WebhooksDb = Kysely<WebhooksTables>;
export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type PublicEventRow = Selectable<PublicEventsTable>;

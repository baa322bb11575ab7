import type { Attachment, DeliveryTime, OrderActor, OrderStatus, OrderStepType } from '@commonwork/contracts';
import type { UploadsReadModel } from '@commonwork/kit';
import type { JSONColumnType, Kysely, Selectable } from 'kysely';
import type { ReviewTables } from './reviews/tables.ts';

/** The open cancellation request of an order, as `orders.cancellation` keeps it. */
export interface CancellationColumn {
  requestedBy: 'buyer' | 'seller';
  reason: string;
  at: string;
  disputed: boolean;
}

/** One row per order, as of its last step (the order aggregate's projection). */
export interface OrdersTable {
  id: string;
  gig_id: string;
  gig_title: string;
  buyer_id: string;
  seller_id: string;
  status: OrderStatus;
  price: number;
  delivery_time: DeliveryTime;
  revisions_allowed: number;
  revisions_used: number;
  late: boolean;
  due_at: Date | null;
  delivered_at: Date | null;
  completed_at: Date | null;
  cancellation: JSONColumnType<CancellationColumn | null, string | null, string | null>;
  requirements: string;
  attachments: JSONColumnType<Attachment[]>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** An order's timeline: one row per step, numbered by its stream version. */
export interface OrderStepsTable {
  order_id: string;
  version: number;
  type: OrderStepType;
  by: OrderActor;
  text: string;
  attachments: JSONColumnType<Attachment[]>;
  at: Date;
}

/** What orders keeps of marketplace's gigs: what an order copies from one, and whether it can be ordered. */
export interface OrderableGigsTable {
  gig_id: string;
  owner_id: string;
  title: string;
  price: number;
  delivery_time: DeliveryTime;
  available: boolean;
  updated_at: Date;
}

/** The names and pictures an order shows (identity's events). */
export interface PeopleTable {
  user_id: string;
  name: string;
  picture: string;
  updated_at: Date;
}

/** The orders service's tables: its projections and read models of other services. */
export interface OrdersTables extends UploadsReadModel, ReviewTables {
  orders: OrdersTable;
  order_steps: OrderStepsTable;
  orderable_gigs: OrderableGigsTable;
  people: PeopleTable;
}

export type OrdersDb = Kysely<OrdersTables>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderStepRow = Selectable<OrderStepsTable>;

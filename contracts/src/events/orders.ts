import { z } from 'zod';
import { DeliveryTime } from '../gigs.ts';
import { OrderActor, OrderStatus, type OrderStepType } from '../orders.ts';
import { defineEvent } from './envelope.ts';

/**
 * What other services keep of an order (event-carried state): every order event carries it as it
 * is after the step, so a consumer keeps the newest card and never folds steps itself.
 */
export const OrderCard = z.object({
  orderId: z.uuid(),
  gigId: z.uuid(),
  gigTitle: z.string(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  price: z.number(),
  deliveryTime: DeliveryTime,
  status: OrderStatus,
  late: z.boolean(),
  /** ISO 8601, from acceptance; null before. */
  dueAt: z.string().nullable(),
  /** Who took the step. */
  by: OrderActor,
});
export type OrderCard = z.infer<typeof OrderCard>;

const withText = OrderCard.extend({ text: z.string() });

/** A buyer ordered a gig. Emitted by orders; consumed by notifications (the seller), messaging (the order's thread), marketplace and identity (the figures). */
export const OrderPlaced = defineEvent('orders.order.placed', 1, OrderCard.extend({ revisionsAllowed: z.number().int().min(0) }));
/** The seller accepted; the due date runs. */
export const OrderAccepted = defineEvent('orders.order.accepted', 1, OrderCard);
/** The seller declined, with a reason (`text`). */
export const OrderDeclined = defineEvent('orders.order.declined', 1, withText);
/** The seller delivered, with a message (`text`); `deliveries` counts them (2: the first revision's). */
export const OrderDelivered = defineEvent('orders.order.delivered', 1, withText.extend({ deliveries: z.number().int().min(1) }));
/** The buyer asked for a revision, with a reason. */
export const OrderRevisionRequested = defineEvent(
  'orders.order.revision_requested',
  1,
  withText.extend({ revisionsUsed: z.number().int().min(1), revisionsAllowed: z.number().int().min(0) }),
);
/** The buyer accepted the delivery, or it completed by itself after 3 days unanswered (`by: 'system'`). */
export const OrderCompleted = defineEvent('orders.order.completed', 1, OrderCard);
/** One side asked to cancel an accepted order, with a reason; the other answers. */
export const OrderCancellationRequested = defineEvent('orders.order.cancellation_requested', 1, withText);
/** The other side refused the cancellation: it is with an admin. */
export const OrderCancellationRefused = defineEvent('orders.order.cancellation_refused', 1, OrderCard);
/** The cancellation request ended without cancelling (withdrawn, or an admin resumed the order). */
export const OrderCancellationWithdrawn = defineEvent('orders.order.cancellation_withdrawn', 1, OrderCard);
/** The order was cancelled (before acceptance by either side; after it, agreed or settled by an admin), with the reason. */
export const OrderCancelled = defineEvent('orders.order.cancelled', 1, withText);
/** The due date passed before a delivery. */
export const OrderMarkedLate = defineEvent('orders.order.marked_late', 1, OrderCard);

/** What other services keep of a review. */
export const ReviewCard = z.object({
  reviewId: z.uuid(),
  orderId: z.uuid(),
  gigId: z.uuid(),
  gigTitle: z.string(),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
});
/** The buyer reviewed a completed order. Consumed by marketplace (the gig's rating), identity (the seller's) and notifications. */
export const ReviewWritten = defineEvent('orders.review.written', 1, ReviewCard);
/** The seller answered a review. */
export const ReviewReplied = defineEvent('orders.review.replied', 1, ReviewCard.extend({ reply: z.string() }));

/** Every step of an order, as its event: what a consumer of the order's card or its timeline takes. */
export const ORDER_STEP_EVENTS = [
  OrderPlaced,
  OrderAccepted,
  OrderDeclined,
  OrderDelivered,
  OrderRevisionRequested,
  OrderCompleted,
  OrderCancellationRequested,
  OrderCancellationRefused,
  OrderCancellationWithdrawn,
  OrderCancelled,
  OrderMarkedLate,
] as const;

/** The timeline's step each order event is. */
export const STEP_OF_ORDER_EVENT = {
  [OrderPlaced.type]: 'placed',
  [OrderAccepted.type]: 'accepted',
  [OrderDeclined.type]: 'declined',
  [OrderDelivered.type]: 'delivered',
  [OrderRevisionRequested.type]: 'revision_requested',
  [OrderCompleted.type]: 'completed',
  [OrderCancellationRequested.type]: 'cancellation_requested',
  [OrderCancellationRefused.type]: 'cancellation_refused',
  [OrderCancellationWithdrawn.type]: 'cancellation_withdrawn',
  [OrderCancelled.type]: 'cancelled',
  [OrderMarkedLate.type]: 'late',
} as const satisfies Record<(typeof ORDER_STEP_EVENTS)[number]['type'], OrderStepType>;

export const ORDERS_EVENTS = [...ORDER_STEP_EVENTS, ReviewWritten, ReviewReplied] as const;

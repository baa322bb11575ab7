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
} from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { OrderEvent } from './orders/order.ts';
import { isReviewEvent, publishReviewEvent } from './reviews/publish.ts';
import type { ReviewEvent } from './reviews/review.ts';

/**
 * What orders publishes of an order's steps: each with the order's card after the step, so a
 * consumer (notifications, the order's thread, the figures) keeps the newest card and needs no call
 * back. The requirements and the delivered files stay private to the two sides.
 */
export function publishOrderEvent(stored: StoredEvent<OrderEvent>) {
  const { card } = stored.data;
  switch (stored.type) {
    case 'OrderPlaced':
      return publishAs(OrderPlaced, stored, { ...card, revisionsAllowed: stored.data.revisionsAllowed });
    case 'OrderAccepted':
      return publishAs(OrderAccepted, stored, card);
    case 'OrderDeclined':
      return publishAs(OrderDeclined, stored, { ...card, text: stored.data.reason });
    case 'OrderDelivered':
      return publishAs(OrderDelivered, stored, { ...card, text: stored.data.message, deliveries: stored.data.deliveries });
    case 'OrderRevisionRequested':
      return publishAs(OrderRevisionRequested, stored, {
        ...card,
        text: stored.data.reason,
        revisionsUsed: stored.data.revisionsUsed,
        revisionsAllowed: stored.data.revisionsAllowed,
      });
    case 'OrderCompleted':
      return publishAs(OrderCompleted, stored, card);
    case 'OrderCancellationRequested':
      return publishAs(OrderCancellationRequested, stored, { ...card, text: stored.data.reason });
    case 'OrderCancellationRefused':
      return publishAs(OrderCancellationRefused, stored, card);
    case 'OrderCancellationWithdrawn':
      return publishAs(OrderCancellationWithdrawn, stored, card);
    case 'OrderCancelled':
      return publishAs(OrderCancelled, stored, { ...card, text: stored.data.reason });
    case 'OrderMarkedLate':
      return publishAs(OrderMarkedLate, stored, card);
    default: {
      const never: never = stored;
      return never;
    }
  }
}

/** Everything orders stores: the orders' steps and their reviews. */
export type OrdersEvent = OrderEvent | ReviewEvent;

/** What orders publishes of its store: each aggregate's events through its own mapper. */
export function publishOrdersEvent(stored: StoredEvent<OrdersEvent>) {
  return isReviewEvent(stored) ? publishReviewEvent(stored) : publishOrderEvent(stored);
}

import type { Attachment, DeliveryTime, OrderCard, OrderStatus } from '@commonwork/contracts';

/** A side of an order. */
export type OrderSide = 'buyer' | 'seller';

/**
 * The order aggregate's stored events. Each carries the order's card as it is after the step
 * (event-carried state: publishing and the projection read it, nothing folds steps again) and the
 * moment of the step (`at`), which the decider needs for the due date and the auto-completion.
 */
export type OrderEvent =
  | {
      type: 'OrderPlaced';
      data: { card: OrderCard; at: string; requirements: string; attachments: Attachment[]; revisionsAllowed: number };
    }
  | { type: 'OrderAccepted'; data: { card: OrderCard; at: string } }
  | { type: 'OrderDeclined'; data: { card: OrderCard; at: string; reason: string } }
  | { type: 'OrderDelivered'; data: { card: OrderCard; at: string; message: string; attachments: Attachment[]; deliveries: number } }
  | {
      type: 'OrderRevisionRequested';
      data: { card: OrderCard; at: string; reason: string; revisionsUsed: number; revisionsAllowed: number };
    }
  | { type: 'OrderCompleted'; data: { card: OrderCard; at: string } }
  | { type: 'OrderCancellationRequested'; data: { card: OrderCard; at: string; reason: string } }
  | { type: 'OrderCancellationRefused'; data: { card: OrderCard; at: string } }
  | { type: 'OrderCancellationWithdrawn'; data: { card: OrderCard; at: string } }
  | { type: 'OrderCancelled'; data: { card: OrderCard; at: string; reason: string } }
  | { type: 'OrderMarkedLate'; data: { card: OrderCard; at: string } };

export type OrderEventType = OrderEvent['type'];

/** An open request to cancel an accepted order. */
export interface CancellationState {
  requestedBy: OrderSide;
  reason: string;
  at: string;
  disputed: boolean;
}

export interface OrderState {
  /** The card as of the last step; null before the order is placed. */
  card: OrderCard | null;
  revisionsAllowed: number;
  revisionsUsed: number;
  deliveries: number;
  deliveredAt: string | null;
  cancellation: CancellationState | null;
  /** The last step, for telling a repeated click from a new request. */
  last: OrderEventType | null;
}

export const initialOrderState = (): OrderState => ({
  card: null,
  revisionsAllowed: 0,
  revisionsUsed: 0,
  deliveries: 0,
  deliveredAt: null,
  cancellation: null,
  last: null,
});

/** What an order copies from its gig when it is placed. */
export interface OrderedGig {
  gigId: string;
  ownerId: string;
  title: string;
  price: number;
  deliveryTime: DeliveryTime;
  available: boolean;
}

export type { OrderStatus };

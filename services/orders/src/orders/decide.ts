import { type Attachment, ORDER_LIMITS, ORDER_MESSAGES, type OrderActor, type OrderCard } from '@commonwork/contracts';
import { createError, type Decider } from '@commonwork/kit';
import { addDays } from 'date-fns';
import { initialOrderState, type OrderEvent, type OrderedGig, type OrderSide, type OrderState } from './order.ts';

// Someone else's order is not found: its existence is nobody else's business.
export const OrderNotFound = createError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound, 404);
export const OwnGig = createError('OWN_GIG', ORDER_MESSAGES.ownGig, 409);
export const GigUnavailable = createError('GIG_UNAVAILABLE', ORDER_MESSAGES.gigUnavailable, 404);
/** A step the order's state does not allow now (the sentence says which). */
export const OrderTransitionRefused = createError('ORDER_TRANSITION_REFUSED', ORDER_MESSAGES.notPending, 409);
/** A step of the other side's, or an admin's. */
export const OrderStepForbidden = createError('ORDER_STEP_FORBIDDEN', ORDER_MESSAGES.onlySeller, 403);

/** Who asks: a signed-in person (an admin may read and settle others' orders), or the platform's clock. */
export type OrderCaller = { userId: string; admin: boolean } | 'system';

export type OrderCommand =
  | { type: 'Place'; orderId: string; buyerId: string; gig: OrderedGig | null; requirements: string; attachments: Attachment[]; at: Date }
  | { type: 'Accept'; caller: OrderCaller; at: Date }
  | { type: 'Decline'; caller: OrderCaller; reason: string; at: Date }
  | { type: 'Deliver'; caller: OrderCaller; message: string; attachments: Attachment[]; at: Date }
  | { type: 'RequestRevision'; caller: OrderCaller; reason: string; at: Date }
  /** The buyer accepts the delivery; from 'system', only once it has waited `autoCompleteDays`. */
  | { type: 'Complete'; caller: OrderCaller; at: Date }
  /**
   * Cancel before acceptance, or ask to after it (`reason`); `response` answers the other side's
   * request (`agree`, `refuse`), takes back one's own (`withdraw`), or is an admin's decision on a
   * disputed one (`agree` cancels, `refuse` resumes the order).
   */
  | { type: 'Cancel'; caller: OrderCaller; reason: string; response?: 'agree' | 'refuse' | 'withdraw'; at: Date }
  /** From the clock: an accepted order past its due date without a delivery. */
  | { type: 'MarkLate'; at: Date };

/** When a delivery left unanswered completes by itself. */
export const autoCompletesAt = (deliveredAt: string | Date) => addDays(new Date(deliveredAt), ORDER_LIMITS.autoCompleteDays);

/** The reader's side of an order, or null when it is not theirs (an admin's is 'admin'). */
export function sideOf(card: Pick<OrderCard, 'buyerId' | 'sellerId'>, caller: OrderCaller): OrderSide | 'admin' | 'system' | null {
  if (caller === 'system') return 'system';
  if (caller.userId === card.buyerId) return 'buyer';
  if (caller.userId === card.sellerId) return 'seller';
  return caller.admin ? 'admin' : null;
}

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  const next = { ...state, card: event.data.card, last: event.type };
  switch (event.type) {
    case 'OrderPlaced':
      return { ...next, revisionsAllowed: event.data.revisionsAllowed };
    case 'OrderDelivered':
      return { ...next, deliveries: event.data.deliveries, deliveredAt: event.data.at, cancellation: null };
    case 'OrderRevisionRequested':
      return { ...next, revisionsUsed: event.data.revisionsUsed, deliveredAt: null };
    case 'OrderCancellationRequested': {
      const requestedBy = event.data.card.by === 'seller' ? 'seller' : 'buyer';
      return { ...next, cancellation: { requestedBy, reason: event.data.reason, at: event.data.at, disputed: false } };
    }
    case 'OrderCancellationRefused':
      return { ...next, cancellation: state.cancellation && { ...state.cancellation, disputed: true } };
    case 'OrderCancellationWithdrawn':
    case 'OrderCancelled':
      return { ...next, cancellation: null };
    case 'OrderAccepted':
    case 'OrderDeclined':
    case 'OrderCompleted':
    case 'OrderMarkedLate':
      return next;
    default: {
      const never: never = event;
      return never;
    }
  }
}

const refused = (sentence: string) => OrderTransitionRefused(sentence);

/** The placed order's card and the caller's side; a stranger (or a missing order) is not found. */
function mustSee(state: OrderState, caller: OrderCaller) {
  const card = state.card;
  const side = card && sideOf(card, caller);
  if (!card || !side) throw OrderNotFound();
  return { card, side };
}

function mustBe(state: OrderState, caller: OrderCaller, wanted: OrderSide) {
  const seen = mustSee(state, caller);
  if (seen.side !== wanted) throw OrderStepForbidden(wanted === 'buyer' ? ORDER_MESSAGES.onlyBuyer : ORDER_MESSAGES.onlySeller);
  return seen.card;
}

/** The card after a step: what changed, and who took it. */
const after = (card: OrderCard, by: OrderActor, change: Partial<OrderCard> = {}): OrderCard => ({ ...card, ...change, by });

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'Place': {
      // A form chooses its order's id once: the same order sent again is the one already placed.
      if (state.card) {
        if (state.card.buyerId !== command.buyerId) throw OrderNotFound();
        return [];
      }
      const { gig } = command;
      if (!gig?.available) throw GigUnavailable();
      if (gig.ownerId === command.buyerId) throw OwnGig();
      const card: OrderCard = {
        orderId: command.orderId,
        gigId: gig.gigId,
        gigTitle: gig.title,
        buyerId: command.buyerId,
        sellerId: gig.ownerId,
        price: gig.price,
        deliveryTime: gig.deliveryTime,
        status: 'pending',
        late: false,
        dueAt: null,
        by: 'buyer',
      };
      const { requirements, attachments } = command;
      return [{ type: 'OrderPlaced', data: { card, at, requirements, attachments, revisionsAllowed: ORDER_LIMITS.defaultRevisions } }];
    }
    case 'Accept': {
      const card = mustBe(state, command.caller, 'seller');
      if (card.status === 'in_progress') return [];
      if (card.status !== 'pending') throw refused(ORDER_MESSAGES.notPending);
      const dueAt = addDays(command.at, Number(card.deliveryTime)).toISOString();
      return [{ type: 'OrderAccepted', data: { card: after(card, 'seller', { status: 'in_progress', dueAt }), at } }];
    }
    case 'Decline': {
      const card = mustBe(state, command.caller, 'seller');
      if (card.status === 'declined') return [];
      if (card.status !== 'pending') throw refused(ORDER_MESSAGES.notPending);
      return [{ type: 'OrderDeclined', data: { card: after(card, 'seller', { status: 'declined' }), at, reason: command.reason } }];
    }
    case 'Deliver': {
      const card = mustBe(state, command.caller, 'seller');
      if (card.status === 'delivered') return [];
      if (card.status !== 'in_progress') throw refused(ORDER_MESSAGES.notInProgress);
      if (state.cancellation?.disputed) throw refused(ORDER_MESSAGES.disputed);
      const { message, attachments } = command;
      const deliveries = state.deliveries + 1;
      return [
        { type: 'OrderDelivered', data: { card: after(card, 'seller', { status: 'delivered' }), at, message, attachments, deliveries } },
      ];
    }
    case 'RequestRevision': {
      const card = mustBe(state, command.caller, 'buyer');
      if (card.status === 'in_progress' && state.last === 'OrderRevisionRequested') return [];
      if (card.status !== 'delivered') throw refused(ORDER_MESSAGES.notDelivered);
      if (state.revisionsUsed >= state.revisionsAllowed) throw refused(ORDER_MESSAGES.noRevisionsLeft);
      const revisionsUsed = state.revisionsUsed + 1;
      return [
        {
          type: 'OrderRevisionRequested',
          data: {
            card: after(card, 'buyer', { status: 'in_progress' }),
            at,
            reason: command.reason,
            revisionsUsed,
            revisionsAllowed: state.revisionsAllowed,
          },
        },
      ];
    }
    case 'Complete': {
      if (command.caller === 'system') {
        // The clock's pass may come again after a restart, or after the buyer answered: nothing then.
        const card = state.card;
        if (card?.status !== 'delivered' || !state.deliveredAt) return [];
        if (autoCompletesAt(state.deliveredAt) > command.at) return [];
        return [{ type: 'OrderCompleted', data: { card: after(card, 'system', { status: 'completed' }), at } }];
      }
      const card = mustBe(state, command.caller, 'buyer');
      if (card.status === 'completed') return [];
      if (card.status !== 'delivered') throw refused(ORDER_MESSAGES.notDelivered);
      return [{ type: 'OrderCompleted', data: { card: after(card, 'buyer', { status: 'completed' }), at } }];
    }
    case 'Cancel':
      return decideCancel(command, state, at);
    case 'MarkLate': {
      const card = state.card;
      if (card?.status !== 'in_progress' || card.late || state.deliveries > 0 || !card.dueAt) return [];
      if (new Date(card.dueAt) > command.at) return [];
      return [{ type: 'OrderMarkedLate', data: { card: after(card, 'system', { late: true }), at } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

/**
 * Cancelling: before acceptance either side cancels at once; after it, one side asks and the other
 * agrees (cancelled) or refuses (disputed, for an admin: agree cancels, refuse resumes); the asker
 * may withdraw. Once delivered, an order is no longer cancelled (a revision is the way back).
 */
function decideCancel(command: Extract<OrderCommand, { type: 'Cancel' }>, state: OrderState, at: string): OrderEvent[] {
  const { card, side } = mustSee(state, command.caller);
  const open = state.cancellation;
  const cancelled = (by: OrderActor, reason: string): OrderEvent[] => [
    { type: 'OrderCancelled', data: { card: after(card, by, { status: 'cancelled' }), at, reason } },
  ];
  if (side === 'system') return [];
  if (side === 'admin') {
    if (!command.response || command.response === 'withdraw') throw OrderStepForbidden(ORDER_MESSAGES.onlyAdmin);
    if (card.status === 'cancelled' && command.response === 'agree') return [];
    if (!open) throw refused(ORDER_MESSAGES.noCancellationAsked);
    if (!open.disputed) throw refused(ORDER_MESSAGES.onlyAdmin);
    if (command.response === 'agree') return cancelled('admin', open.reason);
    return [{ type: 'OrderCancellationWithdrawn', data: { card: after(card, 'admin'), at } }];
  }
  if (card.status === 'cancelled') {
    if (command.response === undefined || command.response === 'agree') return [];
    throw refused(ORDER_MESSAGES.noCancellationAsked);
  }
  if (card.status !== 'pending' && card.status !== 'in_progress') throw refused(ORDER_MESSAGES.notCancellable);
  const response = command.response;
  if (response === undefined) {
    if (card.status === 'pending') return cancelled(side, command.reason);
    if (!open) return [{ type: 'OrderCancellationRequested', data: { card: after(card, side), at, reason: command.reason } }];
    if (open.requestedBy === side) return [];
    if (open.disputed) throw refused(ORDER_MESSAGES.disputed);
    // Both sides asked: they agree.
    return cancelled(side, open.reason);
  }
  if (!open) {
    // A refusal clicked twice, after an admin resumed the order, finds nothing to answer.
    throw refused(ORDER_MESSAGES.noCancellationAsked);
  }
  if (response === 'withdraw') {
    if (open.requestedBy !== side) throw refused(ORDER_MESSAGES.noCancellationAsked);
    return [{ type: 'OrderCancellationWithdrawn', data: { card: after(card, side), at } }];
  }
  if (open.requestedBy === side) throw refused(ORDER_MESSAGES.ownCancellation);
  if (open.disputed) {
    if (response === 'refuse') return [];
    throw refused(ORDER_MESSAGES.disputed);
  }
  if (response === 'agree') return cancelled(side, open.reason);
  return [{ type: 'OrderCancellationRefused', data: { card: after(card, side), at } }];
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = { initialState: initialOrderState, evolve, decide };

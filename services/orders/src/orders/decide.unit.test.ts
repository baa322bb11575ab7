import { ORDER_LIMITS, ORDER_MESSAGES, type OrderActor, type OrderCard } from '@commonwork/contracts';
import { deciderSpec } from '@commonwork/kit/testing';
import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  GigUnavailable,
  type OrderCaller,
  type OrderCommand,
  OrderNotFound,
  OrderStepForbidden,
  OrderTransitionRefused,
  OwnGig,
  orderDecider,
} from './decide.ts';
import type { OrderEvent, OrderedGig } from './order.ts';

const orderId = '6f0c8a52-3c1b-4d9e-9a7e-1f2b3c4d5e6f';
const gigId = '0a0c8a52-3c1b-4d9e-9a7e-1f2b3c4d5e6f';
const buyerId = 'b0000000-0000-4000-8000-000000000001';
const sellerId = 'a0000000-0000-4000-8000-000000000002';
const strangerId = 'c0000000-0000-4000-8000-000000000003';
const buyer: OrderCaller = { userId: buyerId, admin: false };
const seller: OrderCaller = { userId: sellerId, admin: false };
const stranger: OrderCaller = { userId: strangerId, admin: false };
const admin: OrderCaller = { userId: 'd0000000-0000-4000-8000-000000000004', admin: true };

const t0 = new Date('2026-11-02T10:00:00.000Z');
const at = (days: number) => addDays(t0, days);
const iso = (days: number) => at(days).toISOString();
const due = iso(1 + 3);

const gig: OrderedGig = { gigId, ownerId: sellerId, title: 'Logo design', price: 120, deliveryTime: '3', available: true };
const base: OrderCard = {
  orderId,
  gigId,
  gigTitle: 'Logo design',
  buyerId,
  sellerId,
  price: 120,
  deliveryTime: '3',
  status: 'pending',
  late: false,
  dueAt: null,
  by: 'buyer',
};
const card = (by: OrderActor, change: Partial<OrderCard> = {}): OrderCard => ({ ...base, ...change, by });
const running = { status: 'in_progress' as const, dueAt: due };

// The life of one order, step by step (day 0 placed, day 1 accepted with 3 days to deliver).
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: { card: card('buyer'), at: iso(0), requirements: 'A fox', attachments: [], revisionsAllowed: ORDER_LIMITS.defaultRevisions },
};
const accepted: OrderEvent = { type: 'OrderAccepted', data: { card: card('seller', running), at: iso(1) } };
const declined: OrderEvent = { type: 'OrderDeclined', data: { card: card('seller', { status: 'declined' }), at: iso(1), reason: 'Busy' } };
const delivered = (deliveries: number, day = 2): OrderEvent => ({
  type: 'OrderDelivered',
  data: { card: card('seller', { ...running, status: 'delivered' }), at: iso(day), message: 'Here', attachments: [], deliveries },
});
const revised = (revisionsUsed: number, day = 2): OrderEvent => ({
  type: 'OrderRevisionRequested',
  data: { card: card('buyer', running), at: iso(day), reason: 'Bigger', revisionsUsed, revisionsAllowed: 2 },
});
const completed = (by: 'buyer' | 'system', day = 3): OrderEvent => ({
  type: 'OrderCompleted',
  data: { card: card(by, { ...running, status: 'completed' }), at: iso(day) },
});
const cancelled = (by: OrderActor, reason: string, change: Partial<OrderCard> = running, day = 2): OrderEvent => ({
  type: 'OrderCancelled',
  data: { card: card(by, { ...change, status: 'cancelled' }), at: iso(day), reason },
});
const asked = (by: 'buyer' | 'seller'): OrderEvent => ({
  type: 'OrderCancellationRequested',
  data: { card: card(by, running), at: iso(2), reason: 'Plans changed' },
});
const refused = (by: 'buyer' | 'seller'): OrderEvent => ({
  type: 'OrderCancellationRefused',
  data: { card: card(by, running), at: iso(2) },
});
const withdrawn = (by: OrderActor): OrderEvent => ({ type: 'OrderCancellationWithdrawn', data: { card: card(by, running), at: iso(2) } });
const late: OrderEvent = { type: 'OrderMarkedLate', data: { card: card('system', { ...running, late: true }), at: iso(5) } };

const sentence = (words: string) => (error: { message: string }) => error.message === words;

describe('order decider', () => {
  const spec = deciderSpec(orderDecider);
  const place = (buyerOf = buyerId, ordered: OrderedGig | null = gig): OrderCommand => ({
    type: 'Place',
    orderId,
    buyerId: buyerOf,
    gig: ordered,
    requirements: 'A fox',
    attachments: [],
    at: at(0),
  });

  describe('placing', () => {
    it("copies the gig's price, delivery time and the default revisions", () => {
      spec.given().when(place()).then(placed);
    });
    it('answers the same order sent again with nothing new; another buyer finds no order under that id', () => {
      spec.given(placed).when(place()).thenNothing();
      spec.given(placed).when(place(strangerId)).thenThrows(OrderNotFound);
    });
    it('refuses one’s own gig, and a gig that is unknown, a draft or deleted', () => {
      spec.given().when(place(sellerId)).thenThrows(OwnGig, sentence(ORDER_MESSAGES.ownGig));
      spec.given().when(place(buyerId, null)).thenThrows(GigUnavailable, sentence(ORDER_MESSAGES.gigUnavailable));
      spec
        .given()
        .when(place(buyerId, { ...gig, available: false }))
        .thenThrows(GigUnavailable);
    });
  });

  describe('answering', () => {
    it('accepts: the due date runs from acceptance for the delivery time', () => {
      spec
        .given(placed)
        .when({ type: 'Accept', caller: seller, at: at(1) })
        .then(accepted);
      expect(due).toBe('2026-11-06T10:00:00.000Z');
    });
    it('declines with a reason', () => {
      spec
        .given(placed)
        .when({ type: 'Decline', caller: seller, reason: 'Busy', at: at(1) })
        .then(declined);
    });
    it('takes a second click on the same answer as the first', () => {
      spec
        .given(placed, accepted)
        .when({ type: 'Accept', caller: seller, at: at(1) })
        .thenNothing();
      spec
        .given(placed, declined)
        .when({ type: 'Decline', caller: seller, reason: 'Busy', at: at(1) })
        .thenNothing();
    });
    it('refuses an answer once the order is no longer pending', () => {
      const notPending = sentence(ORDER_MESSAGES.notPending);
      spec
        .given(placed, declined)
        .when({ type: 'Accept', caller: seller, at: at(1) })
        .thenThrows(OrderTransitionRefused, notPending);
      spec
        .given(placed, accepted)
        .when({ type: 'Decline', caller: seller, reason: 'No', at: at(1) })
        .thenThrows(OrderTransitionRefused, notPending);
      spec
        .given(placed, accepted, delivered(1))
        .when({ type: 'Accept', caller: seller, at: at(3) })
        .thenThrows(OrderTransitionRefused);
    });
    it('lets only the seller answer; a stranger finds no order, nor anyone before it is placed', () => {
      spec
        .given(placed)
        .when({ type: 'Accept', caller: buyer, at: at(1) })
        .thenThrows(OrderStepForbidden, sentence(ORDER_MESSAGES.onlySeller));
      spec
        .given(placed)
        .when({ type: 'Decline', caller: admin, reason: 'x', at: at(1) })
        .thenThrows(OrderStepForbidden);
      spec
        .given(placed)
        .when({ type: 'Accept', caller: stranger, at: at(1) })
        .thenThrows(OrderNotFound);
      spec
        .given()
        .when({ type: 'Accept', caller: seller, at: at(1) })
        .thenThrows(OrderNotFound);
    });
  });

  describe('delivering and revising', () => {
    const deliver = (caller: OrderCaller, day = 2): OrderCommand => ({
      type: 'Deliver',
      caller,
      message: 'Here',
      attachments: [],
      at: at(day),
    });
    const revise = (caller: OrderCaller, day = 2): OrderCommand => ({ type: 'RequestRevision', caller, reason: 'Bigger', at: at(day) });

    it('delivers an order in progress, and again after each revision, counting the deliveries', () => {
      spec.given(placed, accepted).when(deliver(seller)).then(delivered(1));
      spec.given(placed, accepted, delivered(1), revised(1)).when(deliver(seller)).then(delivered(2));
    });
    it('refuses a delivery of an order not in progress, and one under a disputed cancellation', () => {
      const notInProgress = sentence(ORDER_MESSAGES.notInProgress);
      spec.given(placed).when(deliver(seller)).thenThrows(OrderTransitionRefused, notInProgress);
      spec
        .given(placed, accepted, delivered(1), completed('buyer'))
        .when(deliver(seller))
        .thenThrows(OrderTransitionRefused, notInProgress);
      spec
        .given(placed, accepted, asked('buyer'), refused('seller'))
        .when(deliver(seller))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.disputed));
      spec.given(placed, accepted).when(deliver(buyer)).thenThrows(OrderStepForbidden);
    });
    it('takes a second click on deliver as the first', () => {
      spec.given(placed, accepted, delivered(1)).when(deliver(seller)).thenNothing();
    });
    it('asks for revisions up to the ones agreed, each with a reason', () => {
      spec.given(placed, accepted, delivered(1)).when(revise(buyer)).then(revised(1));
      spec.given(placed, accepted, delivered(1), revised(1), delivered(2)).when(revise(buyer)).then(revised(2));
      spec
        .given(placed, accepted, delivered(1), revised(1), delivered(2), revised(2), delivered(3))
        .when(revise(buyer))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.noRevisionsLeft));
    });
    it('takes a second click on revision as the first, and refuses one of an order not delivered', () => {
      spec.given(placed, accepted, delivered(1), revised(1)).when(revise(buyer)).thenNothing();
      spec.given(placed, accepted).when(revise(buyer)).thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.notDelivered));
      spec.given(placed, accepted, delivered(1)).when(revise(seller)).thenThrows(OrderStepForbidden, sentence(ORDER_MESSAGES.onlyBuyer));
    });
  });

  describe('completing', () => {
    it('completes a delivered order when the buyer accepts it, once', () => {
      spec
        .given(placed, accepted, delivered(1))
        .when({ type: 'Complete', caller: buyer, at: at(3) })
        .then(completed('buyer'));
      spec
        .given(placed, accepted, delivered(1), completed('buyer'))
        .when({ type: 'Complete', caller: buyer, at: at(3) })
        .thenNothing();
    });
    it('refuses to complete an order not delivered, or from the seller', () => {
      spec
        .given(placed, accepted)
        .when({ type: 'Complete', caller: buyer, at: at(3) })
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.notDelivered));
      spec
        .given(placed, accepted, delivered(1))
        .when({ type: 'Complete', caller: seller, at: at(3) })
        .thenThrows(OrderStepForbidden);
    });
    it(`completes by itself a delivery unanswered for ${ORDER_LIMITS.autoCompleteDays} days, and only then, once`, () => {
      const days = ORDER_LIMITS.autoCompleteDays;
      spec
        .given(placed, accepted, delivered(1))
        .when({ type: 'Complete', caller: 'system', at: at(2 + days) })
        .then(completed('system', 2 + days));
      spec
        .given(placed, accepted, delivered(1))
        .when({ type: 'Complete', caller: 'system', at: at(1 + days) })
        .thenNothing();
      spec
        .given(placed, accepted, delivered(1), completed('buyer'))
        .when({ type: 'Complete', caller: 'system', at: at(9) })
        .thenNothing();
      // A revision asked in time stops the countdown; the next delivery starts it again.
      spec
        .given(placed, accepted, delivered(1), revised(1, 4))
        .when({ type: 'Complete', caller: 'system', at: at(9) })
        .thenNothing();
    });
  });

  describe('being late', () => {
    it('marks late an accepted order past its due date without a delivery, once', () => {
      spec
        .given(placed, accepted)
        .when({ type: 'MarkLate', at: at(5) })
        .then(late);
      spec
        .given(placed, accepted)
        .when({ type: 'MarkLate', at: at(3) })
        .thenNothing();
      spec
        .given(placed, accepted, late)
        .when({ type: 'MarkLate', at: at(6) })
        .thenNothing();
      spec
        .given(placed, accepted, delivered(1))
        .when({ type: 'MarkLate', at: at(6) })
        .thenNothing();
      spec
        .given(placed)
        .when({ type: 'MarkLate', at: at(6) })
        .thenNothing();
    });
    it('keeps the mark through the delivery', () => {
      spec
        .given(placed, accepted, late)
        .when({ type: 'Deliver', caller: seller, message: 'Here', attachments: [], at: at(6) })
        .thenMatches({ type: 'OrderDelivered', data: { card: { late: true, status: 'delivered' } } });
    });
  });

  describe('cancelling', () => {
    const cancel = (caller: OrderCaller, response?: 'agree' | 'refuse' | 'withdraw', reason = 'Plans changed'): OrderCommand => ({
      type: 'Cancel',
      caller,
      reason,
      response,
      at: at(2),
    });

    it('cancels a pending order at once, from either side, once', () => {
      spec
        .given(placed)
        .when(cancel(buyer))
        .then(cancelled('buyer', 'Plans changed', {}));
      spec
        .given(placed)
        .when(cancel(seller))
        .then(cancelled('seller', 'Plans changed', {}));
      spec
        .given(placed, cancelled('buyer', 'Plans changed', {}))
        .when(cancel(buyer))
        .thenNothing();
    });
    it('after acceptance, asks the other side; asking twice is asking once', () => {
      spec.given(placed, accepted).when(cancel(buyer)).then(asked('buyer'));
      spec.given(placed, accepted, asked('buyer')).when(cancel(buyer)).thenNothing();
    });
    it('cancels when the other side agrees (or asks too), with the reason asked', () => {
      spec.given(placed, accepted, asked('buyer')).when(cancel(seller, 'agree')).then(cancelled('seller', 'Plans changed'));
      spec
        .given(placed, accepted, asked('buyer'))
        .when(cancel(seller, undefined, 'Me too'))
        .then(cancelled('seller', 'Plans changed'));
      spec.given(placed, accepted, asked('buyer'), cancelled('seller', 'Plans changed')).when(cancel(seller, 'agree')).thenNothing();
    });
    it('goes to an admin when the other side refuses; refusing twice is refusing once', () => {
      spec.given(placed, accepted, asked('buyer')).when(cancel(seller, 'refuse')).then(refused('seller'));
      spec.given(placed, accepted, asked('buyer'), refused('seller')).when(cancel(seller, 'refuse')).thenNothing();
      spec
        .given(placed, accepted, asked('buyer'), refused('seller'))
        .when(cancel(seller, 'agree'))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.disputed));
      spec
        .given(placed, accepted, asked('buyer'), refused('seller'))
        .when(cancel(seller))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.disputed));
    });
    it('lets an admin settle a disputed cancellation: agree cancels, refuse resumes', () => {
      spec
        .given(placed, accepted, asked('buyer'), refused('seller'))
        .when(cancel(admin, 'agree'))
        .then(cancelled('admin', 'Plans changed'));
      spec.given(placed, accepted, asked('buyer'), refused('seller')).when(cancel(admin, 'refuse')).then(withdrawn('admin'));
      spec
        .given(placed, accepted, asked('buyer'), refused('seller'), cancelled('admin', 'Plans changed'))
        .when(cancel(admin, 'agree'))
        .thenNothing();
    });
    it('lets an admin settle only a disputed one, and nobody else', () => {
      spec
        .given(placed, accepted, asked('buyer'))
        .when(cancel(admin, 'agree'))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.onlyAdmin));
      spec
        .given(placed, accepted)
        .when(cancel(admin, 'refuse'))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.noCancellationAsked));
      spec.given(placed, accepted).when(cancel(admin)).thenThrows(OrderStepForbidden, sentence(ORDER_MESSAGES.onlyAdmin));
      spec.given(placed, accepted, asked('buyer'), refused('seller')).when(cancel(stranger, 'agree')).thenThrows(OrderNotFound);
    });
    it('lets the asker withdraw, even from the admin, but not answer their own request', () => {
      spec.given(placed, accepted, asked('buyer')).when(cancel(buyer, 'withdraw')).then(withdrawn('buyer'));
      spec.given(placed, accepted, asked('buyer'), refused('seller')).when(cancel(buyer, 'withdraw')).then(withdrawn('buyer'));
      spec
        .given(placed, accepted, asked('buyer'))
        .when(cancel(seller, 'withdraw'))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.noCancellationAsked));
      spec
        .given(placed, accepted, asked('buyer'))
        .when(cancel(buyer, 'agree'))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.ownCancellation));
    });
    it('finds nothing to answer when nobody asked', () => {
      spec
        .given(placed, accepted)
        .when(cancel(seller, 'agree'))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.noCancellationAsked));
      spec.given(placed, accepted, asked('buyer'), withdrawn('buyer')).when(cancel(seller, 'refuse')).thenThrows(OrderTransitionRefused);
    });
    it('asks again after a withdrawal, and a delivery answers an open request', () => {
      spec.given(placed, accepted, asked('buyer'), withdrawn('buyer')).when(cancel(buyer)).then(asked('buyer'));
      spec
        .given(placed, accepted, asked('buyer'), delivered(1))
        .when(cancel(buyer, 'agree'))
        .thenThrows(OrderTransitionRefused, sentence(ORDER_MESSAGES.notCancellable));
    });
    it('refuses to cancel once delivered, completed or declined', () => {
      const notCancellable = sentence(ORDER_MESSAGES.notCancellable);
      spec.given(placed, accepted, delivered(1)).when(cancel(buyer)).thenThrows(OrderTransitionRefused, notCancellable);
      spec
        .given(placed, accepted, delivered(1), completed('buyer'))
        .when(cancel(seller))
        .thenThrows(OrderTransitionRefused, notCancellable);
      spec.given(placed, declined).when(cancel(buyer)).thenThrows(OrderTransitionRefused, notCancellable);
      spec.given(placed).when(cancel(stranger)).thenThrows(OrderNotFound);
    });
  });
});

import type { Notification, OrderCard } from '@commonwork/contracts';

type Words = NonNullable<Notification['data']['words']>;

/** An order's step, as the notifications about it are written from: the card after it, its reason, and who took it by name. */
export interface OrderStepNews {
  step:
    | 'placed'
    | 'accepted'
    | 'declined'
    | 'delivered'
    | 'revision_requested'
    | 'completed'
    | 'cancellation_requested'
    | 'cancellation_refused'
    | 'cancellation_withdrawn'
    | 'cancelled'
    | 'late';
  card: OrderCard;
  /** The reason given with it ('' when none). */
  reason: string;
  /** Who took it, when a person did (an admin's name comes from the event's actor); null for the platform's clock. */
  actor: { name: string } | null;
}

/** What a notification of an order's step says, before it is addressed. */
export interface OrderNews {
  words: Words;
  title: string;
  message: string;
}

/** A person's words closing a sentence: 'declined the order "Logo": Too busy', or a full stop when there are none. */
const because = (reason: string) => (reason ? `: ${reason}` : '.');

/**
 * Who hears of a step: the other side of the one who took it; both sides of what an admin or the
 * clock did (a settlement, an automatic completion, a late order).
 */
export function orderRecipients(card: OrderCard): string[] {
  if (card.by === 'buyer') return [card.sellerId];
  if (card.by === 'seller') return [card.buyerId];
  return [card.buyerId, card.sellerId];
}

/**
 * The sentences of an order's step, in English as the server stores them; `words` names them so the
 * web app writes them in the reader's language (web/src/features/notifications/words).
 */
export function orderNews({ step, card, reason, actor }: OrderStepNews): OrderNews {
  const gig = card.gigTitle;
  const name = actor?.name ?? 'Commonwork';
  const admin = card.by === 'admin';
  switch (step) {
    case 'placed':
      return { words: 'orderPlaced', title: `New order: ${gig}`, message: `${name} ordered "${gig}".` };
    case 'accepted':
      return { words: 'orderAccepted', title: `Order accepted: ${gig}`, message: `${name} accepted the order "${gig}".` };
    case 'declined':
      return { words: 'orderDeclined', title: `Order declined: ${gig}`, message: `${name} declined the order "${gig}"${because(reason)}` };
    case 'delivered':
      return { words: 'orderDelivered', title: `Order delivered: ${gig}`, message: `${name} delivered the order "${gig}".` };
    case 'revision_requested':
      return {
        words: 'orderRevisionRequested',
        title: `Revision requested: ${gig}`,
        message: `${name} asked for a revision of "${gig}"${because(reason)}`,
      };
    case 'completed':
      return actor && !admin
        ? { words: 'orderCompleted', title: `Order completed: ${gig}`, message: `${name} completed the order "${gig}".` }
        : {
            words: 'orderCompletedAutomatically',
            title: `Order completed: ${gig}`,
            message: `The order "${gig}" was completed automatically, 3 days after its delivery.`,
          };
    case 'cancellation_requested':
      return {
        words: 'orderCancellationRequested',
        title: `Cancellation requested: ${gig}`,
        message: `${name} asked to cancel the order "${gig}"${because(reason)}`,
      };
    case 'cancellation_refused':
      return {
        words: 'orderCancellationRefused',
        title: `Cancellation refused: ${gig}`,
        message: `${name} refused to cancel the order "${gig}". An admin will settle it.`,
      };
    case 'cancellation_withdrawn':
      return admin
        ? { words: 'orderResumed', title: `Order resumed: ${gig}`, message: `An admin resumed the order "${gig}": it goes on.` }
        : {
            words: 'orderCancellationWithdrawn',
            title: `Cancellation withdrawn: ${gig}`,
            message: `${name} withdrew the request to cancel the order "${gig}".`,
          };
    case 'cancelled':
      return admin
        ? { words: 'orderSettledCancelled', title: `Order cancelled: ${gig}`, message: `An admin cancelled the order "${gig}".` }
        : { words: 'orderCancelled', title: `Order cancelled: ${gig}`, message: `${name} cancelled the order "${gig}"${because(reason)}` };
    case 'late':
      return { words: 'orderLate', title: `Order late: ${gig}`, message: `The order "${gig}" passed its due date without a delivery.` };
    default: {
      const never: never = step;
      return never;
    }
  }
}

/** A review's notification to the seller: the stars in the sentence, the reviewer's words are theirs to read on the order. */
export function reviewNews(gig: string, name: string, rating: number): OrderNews {
  return { words: 'orderReviewed', title: `New review: ${gig}`, message: `${name} rated "${gig}" ${rating} out of 5.` };
}

import type { OrderCard, OrderStepType } from '@commonwork/contracts';

/** A person's words closing a line: 'asked for a revision: Bigger letters', or a full stop when there are none. */
const saying = (text: string) => (text ? `: ${text}` : '.');

/**
 * The sentence an order's step writes in its conversation ('Ada delivered the order: Here are the
 * files'). `name` is who took it (null: the platform's clock); `text` what they wrote with it. The
 * gig is the conversation's own, so the line does not repeat it; an admin is not named.
 */
export function orderLine(step: OrderStepType, card: Pick<OrderCard, 'gigTitle' | 'by'>, name: string | null, text: string): string {
  const who = name ?? 'Commonwork';
  const admin = card.by === 'admin';
  switch (step) {
    case 'placed':
      return `${who} ordered "${card.gigTitle}".`;
    case 'accepted':
      return `${who} accepted the order.`;
    case 'declined':
      return `${who} declined the order${saying(text)}`;
    case 'delivered':
      return `${who} delivered the order${saying(text)}`;
    case 'revision_requested':
      return `${who} asked for a revision${saying(text)}`;
    case 'completed':
      return name && !admin ? `${who} completed the order.` : 'The order was completed automatically.';
    case 'cancellation_requested':
      return `${who} asked to cancel the order${saying(text)}`;
    case 'cancellation_refused':
      return `${who} refused to cancel the order. An admin will settle it.`;
    case 'cancellation_withdrawn':
      return admin ? 'An admin resumed the order.' : `${who} withdrew the request to cancel.`;
    case 'cancelled':
      return admin ? 'An admin cancelled the order.' : `${who} cancelled the order${saying(text)}`;
    case 'late':
      return 'The order is late: its due date passed without a delivery.';
    default: {
      const never: never = step;
      return never;
    }
  }
}

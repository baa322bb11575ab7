import type { Attachment, OrderStepType } from '@commonwork/contracts';
import type { StoredEvent } from '@commonwork/kit';
import type { Updateable } from 'kysely';
import type { OrdersDb, OrdersTable } from '../tables.ts';
import type { OrderEvent } from './order.ts';

const STEP_TYPES: Record<OrderEvent['type'], OrderStepType> = {
  OrderPlaced: 'placed',
  OrderAccepted: 'accepted',
  OrderDeclined: 'declined',
  OrderDelivered: 'delivered',
  OrderRevisionRequested: 'revision_requested',
  OrderCompleted: 'completed',
  OrderCancellationRequested: 'cancellation_requested',
  OrderCancellationRefused: 'cancellation_refused',
  OrderCancellationWithdrawn: 'cancellation_withdrawn',
  OrderCancelled: 'cancelled',
  OrderMarkedLate: 'late',
};

/** A step's words and files on the timeline: a reason, or a delivery's message. */
function stepOf(event: OrderEvent): { text: string; attachments: Attachment[] } {
  switch (event.type) {
    case 'OrderPlaced':
      return { text: '', attachments: [] };
    case 'OrderDelivered':
      return { text: event.data.message, attachments: event.data.attachments };
    case 'OrderDeclined':
    case 'OrderRevisionRequested':
    case 'OrderCancellationRequested':
    case 'OrderCancelled':
      return { text: event.data.reason, attachments: [] };
    default:
      return { text: '', attachments: [] };
  }
}

/** Applies order events to `orders` (each order as of its last step) and `order_steps` (its timeline). */
export async function projectOrderEvents(trx: OrdersDb, events: StoredEvent<OrderEvent>[]) {
  for (const event of events) {
    const { card, at } = event.data;
    const when = new Date(at);
    const step = stepOf(event);
    await trx
      .insertInto('order_steps')
      .values({
        order_id: card.orderId,
        version: event.streamVersion,
        type: STEP_TYPES[event.type],
        by: card.by,
        text: step.text,
        attachments: JSON.stringify(step.attachments),
        at: when,
      })
      .execute();
    const common = {
      status: card.status,
      late: card.late,
      due_at: card.dueAt ? new Date(card.dueAt) : null,
      version: event.streamVersion,
      updated_at: when,
    };
    switch (event.type) {
      case 'OrderPlaced': {
        const d = event.data;
        await trx
          .insertInto('orders')
          .values({
            id: card.orderId,
            gig_id: card.gigId,
            gig_title: card.gigTitle,
            buyer_id: card.buyerId,
            seller_id: card.sellerId,
            price: card.price,
            delivery_time: card.deliveryTime,
            revisions_allowed: d.revisionsAllowed,
            revisions_used: 0,
            delivered_at: null,
            completed_at: null,
            cancellation: null,
            requirements: d.requirements,
            attachments: JSON.stringify(d.attachments),
            created_at: when,
            ...common,
          })
          .execute();
        break;
      }
      case 'OrderDelivered':
        await update(trx, card.orderId, { ...common, delivered_at: when, cancellation: null });
        break;
      case 'OrderRevisionRequested':
        await update(trx, card.orderId, { ...common, revisions_used: event.data.revisionsUsed, delivered_at: null });
        break;
      case 'OrderCompleted':
        await update(trx, card.orderId, { ...common, completed_at: when });
        break;
      case 'OrderCancellationRequested': {
        const requestedBy = card.by === 'seller' ? 'seller' : 'buyer';
        const cancellation = { requestedBy, reason: event.data.reason, at, disputed: false };
        await update(trx, card.orderId, { ...common, cancellation: JSON.stringify(cancellation) });
        break;
      }
      case 'OrderCancellationRefused': {
        const row = await trx.selectFrom('orders').select('cancellation').where('id', '=', card.orderId).executeTakeFirstOrThrow();
        const cancellation = row.cancellation && { ...row.cancellation, disputed: true };
        await update(trx, card.orderId, { ...common, cancellation: JSON.stringify(cancellation) });
        break;
      }
      case 'OrderCancellationWithdrawn':
      case 'OrderCancelled':
        await update(trx, card.orderId, { ...common, cancellation: null });
        break;
      case 'OrderAccepted':
      case 'OrderDeclined':
      case 'OrderMarkedLate':
        await update(trx, card.orderId, common);
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}

type OrderChange = Updateable<OrdersTable>;

const update = (trx: OrdersDb, id: string, change: OrderChange) => trx.updateTable('orders').set(change).where('id', '=', id).execute();

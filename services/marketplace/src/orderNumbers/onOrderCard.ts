import { ORDER_STEP_EVENTS } from '@commonwork/contracts';
import { defineReadModel, keepNewest } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';
import { recountGigFigures } from './figures.ts';

/**
 * Keeps each order's newest card (an older one, redelivered or late, never replaces it) and recounts
 * its gig's completed orders from the kept cards.
 */
export const onOrderCard = defineReadModel(
  ['order_cards'],
  ORDER_STEP_EVENTS,
  async (trx: Kysely<MarketplaceTables>, { data, envelope }) => {
    await keepNewest(trx, 'order_cards', 'order_id', {
      order_id: data.orderId,
      gig_id: data.gigId,
      seller_id: data.sellerId,
      buyer_id: data.buyerId,
      price: data.price,
      status: data.status,
      updated_at: new Date(envelope.occurredAt),
    });
    await recountGigFigures(trx, [data.gigId]);
  },
);

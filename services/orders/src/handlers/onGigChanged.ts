import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { defineReadModel, keepNewest } from '@commonwork/kit';
import type { OrdersDb } from '../tables.ts';

/**
 * Keeps what an order copies from a gig (its owner, title, price and delivery time) and whether it
 * can be ordered (marketplace's events). Not the kit's `gigs` read model: that one has no price nor
 * delivery time, and adding them would migrate every service that keeps it.
 */
export const onGigChanged = defineReadModel(
  ['orderable_gigs'],
  [GigPublished, GigUpdated, GigUnpublished, GigDeleted],
  async (trx: OrdersDb, event) => {
    const at = new Date(event.envelope.occurredAt);
    switch (event.type) {
      case GigPublished.type:
      case GigUpdated.type: {
        const { gigId, ownerId, title, price, deliveryTime } = event.data;
        const row = { gig_id: gigId, owner_id: ownerId, title, price, delivery_time: deliveryTime, available: true, updated_at: at };
        await keepNewest(trx, 'orderable_gigs', 'gig_id', row);
        return;
      }
      case GigUnpublished.type:
      case GigDeleted.type:
        // A gig taken down can no longer be ordered; the orders placed keep what they copied.
        await trx
          .updateTable('orderable_gigs')
          .set({ available: false, updated_at: at })
          .where('gig_id', '=', event.data.gigId)
          .where('updated_at', '<=', at)
          .execute();
    }
  },
);

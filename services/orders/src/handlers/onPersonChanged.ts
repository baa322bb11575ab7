import { UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { defineReadModel, keepNewest } from '@commonwork/kit';
import type { OrdersDb } from '../tables.ts';

/** Keeps the names and pictures an order shows of its two sides (identity's events). */
export const onPersonChanged = defineReadModel(
  ['people'],
  [UserRegistered, UserProfileUpdated],
  async (trx: OrdersDb, { data, envelope }) => {
    await keepNewest(trx, 'people', 'user_id', {
      user_id: data.userId,
      name: data.name,
      picture: data.picture,
      updated_at: new Date(envelope.occurredAt),
    });
  },
);

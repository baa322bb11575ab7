import { UserPreferencesUpdated } from '@commonwork/contracts';
import { defineReadModel, keepNewest } from '@commonwork/kit';
import type { OrdersDb } from '../tables.ts';

/** Keeps whose profile is private, from identity's preferences: a private person's reviews page shows only its summary. */
export const onProfileVisibility = defineReadModel(
  ['profile_visibility'],
  [UserPreferencesUpdated],
  async (trx: OrdersDb, { data, envelope }) => {
    await keepNewest(trx, 'profile_visibility', 'person_id', {
      person_id: data.userId,
      private: data.profileVisibility === 'private',
      updated_at: new Date(envelope.occurredAt),
    });
  },
);

import { UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import { upsertFreelancer } from '../freelancers/projection.ts';
import type { MarketplaceTables } from '../tables.ts';

/** Keeps the freelancer shown on gigs up to date when a person registers or edits their profile. */
export const onUserCardChanged = defineReadModel(
  ['freelancers'],
  [UserRegistered, UserProfileUpdated],
  async (trx: Kysely<MarketplaceTables>, { data, envelope }) => {
    await upsertFreelancer(trx, data, new Date(envelope.occurredAt));
  },
);

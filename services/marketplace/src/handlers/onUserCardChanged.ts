import { PublicUserCard, UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import type { EventHandler } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import { type FreelancersTable, upsertFreelancer } from '../freelancers/projection.ts';

/** Keeps the freelancer shown on gigs up to date when a person registers or edits their profile. */
export const onUserCardChanged: EventHandler = {
  handles: [UserRegistered.type, UserProfileUpdated.type],
  handle: async (trx, envelope) => {
    const card = PublicUserCard.parse(envelope.data);
    await upsertFreelancer(trx as Kysely<{ freelancers: FreelancersTable }>, card, new Date(envelope.occurredAt));
  },
};

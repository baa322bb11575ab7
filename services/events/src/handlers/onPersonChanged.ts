import { UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import { upsertPerson } from '../people/people.ts';
import type { EventsDb } from '../tables.ts';

/** Keeps organisers' and attendees' names and pictures current (identity's events). */
export const onPersonChanged = defineReadModel(
  ['people'],
  [UserRegistered, UserProfileUpdated],
  async (trx: EventsDb, { data, envelope }) => {
    await upsertPerson(trx, data, new Date(envelope.occurredAt));
  },
);

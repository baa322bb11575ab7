import { UserProfileUpdated, UserRegistered } from '@commonwork/contracts';
import { defineHandler } from '@commonwork/kit';
import type { EventsDb } from '../tables.ts';

/** Keeps organisers' and attendees' names and pictures current (identity's events); an older event changes nothing. */
export const onPersonChanged = defineHandler([UserRegistered, UserProfileUpdated], async (trx: EventsDb, { data, envelope }) => {
  const at = new Date(envelope.occurredAt);
  const row = { user_id: data.userId, name: data.name, picture: data.picture, updated_at: at };
  await trx
    .insertInto('people')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row).where('people.updated_at', '<=', at))
    .execute();
});

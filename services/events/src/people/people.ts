import type { PublicUserCard } from '@commonwork/contracts';
import type { EventsDb } from '../tables.ts';

/** Upserts a person's name and picture; an older card than the stored one changes nothing. */
export async function upsertPerson(trx: EventsDb, card: Pick<PublicUserCard, 'userId' | 'name' | 'picture'>, at: Date) {
  const row = { user_id: card.userId, name: card.name, picture: card.picture, updated_at: at };
  await trx
    .insertInto('people')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row).where('people.updated_at', '<=', at))
    .execute();
}

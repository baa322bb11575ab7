import type { PublicUserCard } from '@commonwork/contracts';
import { keepNewest } from '@commonwork/kit';
import type { EventsDb } from '../tables.ts';

/** Upserts a person's name and picture; an older card than the stored one changes nothing. */
export async function upsertPerson(trx: EventsDb, card: Pick<PublicUserCard, 'userId' | 'name' | 'picture'>, at: Date) {
  const row = { user_id: card.userId, name: card.name, picture: card.picture, updated_at: at };
  await keepNewest(trx, 'people', 'user_id', row);
}

import type { PublicUserCard } from '@commonwork/contracts';
import { keepNewest } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';

/** Upserts a freelancer's card; an older event than the stored one changes nothing. */
export async function upsertFreelancer(trx: Kysely<MarketplaceTables>, card: PublicUserCard, occurredAt: Date) {
  const row = {
    user_id: card.userId,
    name: card.name,
    username: card.username,
    picture: card.picture,
    title: card.title,
    location: card.location,
    skills: JSON.stringify(card.skills),
    updated_at: occurredAt,
  };
  await keepNewest(trx, 'freelancers', 'user_id', row);
}

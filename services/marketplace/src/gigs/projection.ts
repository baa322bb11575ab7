import type { StoredEvent } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';
import type { GigEvent, GigFields } from './gig.ts';

/** A gig's fields as its row's columns (tags as JSON text, for the jsonb column). */
export const columnsOf = (fields: GigFields) => ({
  title: fields.title,
  description: fields.description,
  category: fields.category,
  sub_category: fields.subCategory,
  price: fields.price,
  delivery_time: fields.deliveryTime,
  tags: JSON.stringify(fields.tags),
  tags_text: fields.tags.join(' '),
});

const createdRow = (stored: StoredEvent<GigEvent>, data: Extract<GigEvent, { type: 'GigCreated' }>['data']) => ({
  id: data.gigId,
  owner_id: data.ownerId,
  status: data.status,
  created_at: stored.occurredAt,
  updated_at: stored.occurredAt,
  version: stored.streamVersion,
  ...columnsOf(data.fields),
});

/**
 * Applies gig events to the gigs table; the live path, the rebuild and the seed all use it.
 * Runs of creations become one multi-row insert, which is what makes imports and rebuilds fast.
 */
export async function projectGigEvents(trx: Kysely<MarketplaceTables>, events: StoredEvent<GigEvent>[]) {
  let created: ReturnType<typeof createdRow>[] = [];
  const flush = async () => {
    // 500 rows stay well under PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < created.length; i += 500)
      await trx
        .insertInto('gigs')
        .values(created.slice(i, i + 500))
        .execute();
    created = [];
  };
  for (const event of events) {
    const base = { version: event.streamVersion, updated_at: event.occurredAt };
    if (event.type === 'GigCreated') {
      created.push(createdRow(event, event.data));
      continue;
    }
    await flush();
    switch (event.type) {
      case 'GigEdited':
        await trx
          .updateTable('gigs')
          .set({ status: event.data.status, ...columnsOf(event.data.fields), ...base })
          .where('id', '=', event.data.gigId)
          .execute();
        break;
      case 'GigDeleted':
        // Its favourites stop counting and listing with it.
        await trx.deleteFrom('gig_favorites').where('gig_id', '=', event.data.gigId).execute();
        await trx.deleteFrom('gigs').where('id', '=', event.data.gigId).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
  await flush();
}

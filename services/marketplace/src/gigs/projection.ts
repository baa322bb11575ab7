import type { StoredEvent } from '@commonwork/kit';
import type { ColumnType, Generated, JSONColumnType, Kysely, Selectable } from 'kysely';
import type { FreelancersTable } from '../freelancers/projection.ts';
import type { GigEvent, GigFields, GigStatus } from './gig.ts';

export interface GigsTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  category: GigFields['category'];
  sub_category: string;
  // numeric: pg returns a string, PGlite a number; presentGig converts.
  price: ColumnType<string | number, number, number>;
  delivery_time: GigFields['deliveryTime'];
  tags: JSONColumnType<string[]>;
  tags_text: string;
  status: GigStatus;
  rating: Generated<number>;
  reviews: Generated<number>;
  orders: Generated<number>;
  favorites: Generated<number>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface MarketplaceTables {
  gigs: GigsTable;
  gig_views: { gig_id: string; views: ColumnType<string, number, number> };
  freelancers: FreelancersTable;
  /** Active gigs per category, price and delivery time, kept by triggers on gigs (migration 0003). */
  active_gig_counts: { category: string; price: ColumnType<string | number, never, never>; delivery_time: string; gigs: number };
}

export type GigRow = Selectable<GigsTable>;

const columnsOf = (fields: GigFields) => ({
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

import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import { addToFigures } from '../stats/figures.ts';
import type { StatsDb } from '../tables.ts';

/** A person's active gigs: one more when a gig of theirs becomes active, one less when it stops being (marketplace's events). */
export const onGigCounted = defineReadModel(
  ['stats_gigs', 'stats_days'],
  [GigPublished, GigUpdated, GigUnpublished, GigDeleted],
  async (trx: StatsDb, event) => {
    const { gigId, ownerId } = event.data;
    const active = event.type === GigPublished.type || event.type === GigUpdated.type;
    const was = await trx.selectFrom('stats_gigs').select('active').where('gig_id', '=', gigId).executeTakeFirst();
    if ((was?.active ?? false) === active) return;
    await trx
      .insertInto('stats_gigs')
      .values({ gig_id: gigId, owner_id: ownerId, active })
      .onConflict((oc) => oc.column('gig_id').doUpdateSet({ active }))
      .execute();
    const delta = active ? 1 : -1;
    await addToFigures(trx, ownerId, new Date(event.envelope.occurredAt), { activeGigs: delta });
    // The same count as the latest day's, on the person's row: top freelancers sort by it in one index.
    await trx
      .updateTable('users')
      .set((eb) => ({ active_gigs: eb('active_gigs', '+', delta) }))
      .where('id', '=', ownerId)
      .execute();
  },
);

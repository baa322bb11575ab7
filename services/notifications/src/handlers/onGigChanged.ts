import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { defineHandler, keepNewest } from '@commonwork/kit';
import type { NotificationsDb } from '../tables.ts';

/** Keeps the gigs someone may show interest in, with their owner and title (marketplace's events). */
export const onGigChanged = defineHandler([GigPublished, GigUpdated, GigUnpublished, GigDeleted], async (trx: NotificationsDb, event) => {
  const at = new Date(event.envelope.occurredAt);
  if (event.type === GigPublished.type || event.type === GigUpdated.type) {
    const row = { gig_id: event.data.gigId, owner_id: event.data.ownerId, title: event.data.title, available: true, updated_at: at };
    await keepNewest(trx, 'gigs', 'gig_id', row);
    return;
  }
  await trx
    .updateTable('gigs')
    .set({ available: false, updated_at: at })
    .where('gig_id', '=', event.data.gigId)
    .where('updated_at', '<=', at)
    .execute();
});

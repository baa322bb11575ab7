import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import { defineHandler, keepNewest } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';

/**
 * Keeps gig titles and owners for chats (marketplace's events). A gig taken down stays known, so
 * past conversations keep their 'About: {title}', but new conversations about it are refused.
 */
export const onGigChanged = defineHandler([GigPublished, GigUpdated, GigUnpublished, GigDeleted], async (trx: MessagingDb, event) => {
  const at = new Date(event.envelope.occurredAt);
  switch (event.type) {
    case GigPublished.type:
    case GigUpdated.type: {
      const gig = event.data;
      const row = { gig_id: gig.gigId, owner_id: gig.ownerId, title: gig.title, available: true, updated_at: at };
      await keepNewest(trx, 'gigs', 'gig_id', row);
      return;
    }
    case GigUnpublished.type:
    case GigDeleted.type: {
      const title = event.type === GigDeleted.type ? event.data.title : undefined;
      await trx
        .updateTable('gigs')
        .set({ available: false, updated_at: at, ...(title && { title }) })
        .where('gig_id', '=', event.data.gigId)
        .where('updated_at', '<=', at)
        .execute();
    }
  }
});

import { GigCard, GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import type { EventHandler } from '@commonwork/kit';
import type { MessagingDb } from '../tables.ts';

/**
 * Keeps gig titles and owners for chats (marketplace's events). A gig taken down stays known, so
 * past conversations keep their 'About: {title}', but new conversations about it are refused.
 */
export const onGigChanged: EventHandler = {
  handles: [GigPublished.type, GigUpdated.type, GigUnpublished.type, GigDeleted.type],
  handle: async (trx, envelope) => {
    const db = trx as MessagingDb;
    const at = new Date(envelope.occurredAt);
    if (envelope.type === GigPublished.type || envelope.type === GigUpdated.type) {
      const gig = GigCard.parse(envelope.data);
      const row = { gig_id: gig.gigId, owner_id: gig.ownerId, title: gig.title, available: true, updated_at: at };
      await db
        .insertInto('gigs')
        .values(row)
        .onConflict((oc) => oc.column('gig_id').doUpdateSet(row).where('gigs.updated_at', '<=', at))
        .execute();
      return;
    }
    const { gigId } = (envelope.type === GigDeleted.type ? GigDeleted : GigUnpublished).schema.parse(envelope.data);
    const title = envelope.type === GigDeleted.type ? GigDeleted.schema.parse(envelope.data).title : undefined;
    await db
      .updateTable('gigs')
      .set({ available: false, updated_at: at, ...(title && { title }) })
      .where('gig_id', '=', gigId)
      .where('updated_at', '<=', at)
      .execute();
  },
};

import { GigDeleted, GigPublished, GigUnpublished, GigUpdated } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import { keepNewest } from '../db/keepNewest.ts';
import { defineReadModel, type EventHandler } from '../events/consumer.ts';

/**
 * A service's copy of marketplace's gigs: whose each is, its title, and whether it is up. Messaging
 * keeps one for chats about a gig, notifications for interest in one.
 */
export interface GigsTable {
  gig_id: string;
  owner_id: string;
  title: string;
  available: boolean;
  updated_at: Date;
}

export interface GigsReadModel {
  gigs: GigsTable;
}

/** The `gigs` table, in the migration of a service that keeps the read model. */
export async function createGigsTable<DB>(db: Kysely<DB>): Promise<void> {
  await db.schema
    .createTable('gigs')
    .addColumn('gig_id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('available', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/**
 * Keeps the read model from marketplace's events. A gig taken down stays known, with its last title
 * (past conversations keep their 'About: {title}'), but is no longer available.
 */
export function keepGigs<DB extends GigsReadModel>(): EventHandler<DB> {
  return defineReadModel(['gigs'], [GigPublished, GigUpdated, GigUnpublished, GigDeleted], async (trx: Kysely<DB>, event) => {
    // The handler sees only its own table of the service's database.
    const db = trx as unknown as Kysely<GigsReadModel>;
    const at = new Date(event.envelope.occurredAt);
    switch (event.type) {
      case GigPublished.type:
      case GigUpdated.type: {
        const { gigId, ownerId, title } = event.data;
        await keepNewest(db, 'gigs', 'gig_id', { gig_id: gigId, owner_id: ownerId, title, available: true, updated_at: at });
        return;
      }
      case GigUnpublished.type:
      case GigDeleted.type: {
        const title = event.type === GigDeleted.type ? event.data.title : undefined;
        await db
          .updateTable('gigs')
          .set({ available: false, updated_at: at, ...(title && { title }) })
          .where('gig_id', '=', event.data.gigId)
          .where('updated_at', '<=', at)
          .execute();
      }
    }
  });
}

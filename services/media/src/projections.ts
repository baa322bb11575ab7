import type { Projections } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import { imageAggregate } from './images/aggregate.ts';
import type { MediaTables } from './tables.ts';

/** Media's read side: image facts are replayed; its one subscription reacts (deletes replaced pictures), so none is replayed. */
export const projections: Projections<MediaTables> = {
  schema: 'media',
  tables: ['images'],
  aggregates: [imageAggregate],
  subscriptions,
  // As the service: it publishes nothing yet.
  publish: () => null,
  kept: { image_files: 'the bytes: stored, not derived from events' },
};

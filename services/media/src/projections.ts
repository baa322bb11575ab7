import type { Projections } from '@commonwork/kit';
import { fileAggregate } from './files/aggregate.ts';
import { subscriptions } from './handlers/index.ts';
import { imageAggregate } from './images/aggregate.ts';
import { type MediaEvent, publishMediaEvent } from './publish.ts';
import type { MediaTables } from './tables.ts';

/** Media's read side: image and file facts are replayed; its one subscription reacts (deletes replaced pictures), so none is replayed. */
export const projections: Projections<MediaTables, MediaEvent> = {
  schema: 'media',
  tables: ['images', 'files'],
  aggregates: [imageAggregate, fileAggregate],
  subscriptions,
  // As the service: messaging's uploads are rebuilt from it.
  publish: publishMediaEvent,
  kept: {
    image_files: 'the bytes: stored, not derived from events',
    file_contents: 'the bytes: stored, not derived from events',
  },
};

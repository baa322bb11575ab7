import type { Projections } from '@commonwork/kit';
import { imageAggregate } from './images/aggregate.ts';
import type { MediaTables } from './tables.ts';

/** Media's read side: image facts are replayed; the bytes in `image_files` are kept as they are. */
export const projections: Projections<MediaTables> = { schema: 'media', tables: ['images'], aggregates: [imageAggregate] };

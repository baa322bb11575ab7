import { defineAggregate } from '@commonwork/kit';
import type { MediaTables } from '../tables.ts';
import { type ImageCommand, imageDecider } from './decide.ts';
import type { ImageEvent, ImageState } from './image.ts';
import { projectImageEvents } from './projection.ts';

/** An image's stream `image-<id>`: stored, then perhaps deleted by its owner. */
export const imageAggregate = defineAggregate<MediaTables, ImageState, ImageCommand, ImageEvent>({
  name: 'image',
  decider: imageDecider,
  project: projectImageEvents,
});

import { defineAggregate } from '@commonwork/kit';
import type { MediaTables } from '../tables.ts';
import { type FileCommand, fileDecider } from './decide.ts';
import type { FileEvent, FileState } from './file.ts';
import { projectFileEvents } from './projection.ts';

/** A file's stream `file-<id>`: stored once. */
export const fileAggregate = defineAggregate<MediaTables, FileState, FileCommand, FileEvent>({
  name: 'file',
  decider: fileDecider,
  project: projectFileEvents,
});

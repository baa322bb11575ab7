import { defineAggregate } from '@commonwork/kit';
import type { IdentityTables } from '../../tables.ts';
import { exportDecider } from './exportDecider.ts';
import { projectExportEvents } from './exportProjection.ts';
import type { ExportCommand, ExportEvent, ExportState } from './exportStream.ts';

/** A person's data export's stream `export-<id>`. */
export const exportAggregate = defineAggregate<IdentityTables, ExportState, ExportCommand, ExportEvent>({
  name: 'export',
  decider: exportDecider,
  project: projectExportEvents,
});

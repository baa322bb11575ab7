import { Conflict, type Decider } from '@commonwork/kit';
import type { ExportCommand, ExportEvent, ExportState } from './exportStream.ts';

export const exportDecider: Decider<ExportState, ExportCommand, ExportEvent> = {
  initialState: () => ({ exists: false }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'PersonalDataExportRequested':
        return { exists: true };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RequestExport':
        if (state.exists) throw Conflict('Export already requested');
        return [{ type: 'PersonalDataExportRequested', data: { exportId: command.exportId, personId: command.personId } }];
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};

/**
 * A person's data export's stream `export-<id>`: asked for, once. Its progress (the services'
 * parts) is kept outside events, so no copy of the person's data enters a stream.
 */
export type ExportEvent = { type: 'PersonalDataExportRequested'; data: { exportId: string; personId: string } };

export interface ExportState {
  exists: boolean;
}

export type ExportCommand = { type: 'RequestExport'; exportId: string; personId: string };

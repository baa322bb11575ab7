import type { FILE_FORMATS } from '@commonwork/contracts';

export type FileFormat = (typeof FILE_FORMATS)[number];

/** What is known of a stored file; its bytes live beside it in `file_contents`, never in events. */
export interface FileFacts {
  fileId: string;
  ownerId: string;
  format: FileFormat;
  /** The name it was sent with, cleaned (no path, no control characters): the download's name. */
  name: string;
  bytes: number;
}

/** The file aggregate's stored events. */
export type FileEvent = { type: 'FileStored'; data: FileFacts };

export interface FileState {
  exists: boolean;
}

export const initialFileState = (): FileState => ({ exists: false });

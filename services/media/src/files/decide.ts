import { createError, type Decider } from '@commonwork/kit';
import { type FileEvent, type FileFacts, type FileState, initialFileState } from './file.ts';

/** Never met in practice (the server mints every upload's id): a stream written twice is a bug, refused by code. */
export const FileAlreadyStored = createError('FILE_ALREADY_STORED', 'File already stored', 409);

export type FileCommand = { type: 'StoreFile'; facts: FileFacts };

export function evolve(state: FileState, event: FileEvent): FileState {
  switch (event.type) {
    case 'FileStored':
      return { ...state, exists: true };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

export function decide(command: FileCommand, state: FileState): FileEvent[] {
  switch (command.type) {
    case 'StoreFile':
      if (state.exists) throw FileAlreadyStored(`File ${command.facts.fileId} already stored`);
      return [{ type: 'FileStored', data: command.facts }];
    default: {
      const never: never = command.type;
      return never;
    }
  }
}

export const fileDecider: Decider<FileState, FileCommand, FileEvent> = { initialState: initialFileState, evolve, decide };

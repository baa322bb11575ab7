import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { FileAlreadyStored, fileDecider } from './decide.ts';
import type { FileEvent, FileFacts } from './file.ts';

const facts: FileFacts = {
  fileId: '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  ownerId: '11111111-2222-4333-8444-555555555555',
  format: 'pdf',
  name: 'report.pdf',
  bytes: 2048,
};
const stored: FileEvent = { type: 'FileStored', data: facts };
const spec = deciderSpec(fileDecider);

describe('file decider', () => {
  it('stores an uploaded file with what is known of it', () => {
    spec.given().when({ type: 'StoreFile', facts }).then(stored);
  });

  it('never stores one file twice', () => {
    spec.given(stored).when({ type: 'StoreFile', facts }).thenThrows(FileAlreadyStored);
  });
});

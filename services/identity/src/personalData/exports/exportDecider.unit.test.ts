import { Conflict } from '@commonwork/kit';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { exportDecider } from './exportDecider.ts';
import type { ExportEvent } from './exportStream.ts';

const exportId = '0b7c9d2e-1f3a-4b5c-8d6e-7f8a9b0c1d2e';
const ada = '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f';
const requested: ExportEvent = { type: 'PersonalDataExportRequested', data: { exportId, personId: ada } };
const spec = deciderSpec(exportDecider);

describe('data export decider', () => {
  it('records the request with only the two ids', () => {
    spec.given().when({ type: 'RequestExport', exportId, personId: ada }).then(requested);
  });

  it('refuses to ask for the same export twice', () => {
    spec.given(requested).when({ type: 'RequestExport', exportId, personId: ada }).thenThrows(Conflict);
  });
});

import { projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { migrations } from '../src/migrations.ts';
import { exportAggregate } from '../src/personalData/exports/exportAggregate.ts';
import type { ExportEvent } from '../src/personalData/exports/exportStream.ts';

const ada = specId(1);
const requested = (exportId: string): ExportEvent => ({ type: 'PersonalDataExportRequested', data: { exportId, personId: ada } });

describe('the data exports projection', () => {
  const spec = projectionSpec({ schema: 'identity', migrations, aggregate: exportAggregate, idOf: (e) => e.data.exportId });

  it('keeps each request, dated by its event, and no part (those come in outside events)', () =>
    spec.given(requested(specId(10)), requested(specId(11))).thenRows('person_exports', [
      { id: specId(10), person_id: ada, requested_at: SPEC_START },
      { id: specId(11), person_id: ada, requested_at: SPEC_START },
    ]));
});

import type { StoredEvent } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../../tables.ts';
import type { ExportEvent } from './exportStream.ts';

/** Applies export events to `person_exports`: the request, dated by the event. */
export async function projectExportEvents(trx: Kysely<IdentityTables>, events: StoredEvent<ExportEvent>[]) {
  for (const e of events) {
    switch (e.type) {
      case 'PersonalDataExportRequested':
        await trx
          .insertInto('person_exports')
          .values({ id: e.data.exportId, person_id: e.data.personId, requested_at: e.occurredAt })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        break;
      default: {
        const never: never = e.type;
        return never;
      }
    }
  }
}

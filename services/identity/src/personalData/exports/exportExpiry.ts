import { PERSONAL_DATA_EXPORT } from '@commonwork/contracts';
import type { ServiceContext, ServiceJob } from '@commonwork/kit';
import { subDays, subMinutes } from 'date-fns';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../../tables.ts';

/**
 * Deletes exports no one may download any more (every ready one has expired by then, every failed
 * one is past the days it stays listed), parts first: the archive holds everything about a person
 * and is kept no longer than it is offered.
 */
export function exportExpiryJob(now: () => Date): ServiceJob<ServiceContext<IdentityTables>> {
  return {
    name: 'export-expiry',
    everyMs: 60 * 60_000,
    run: async ({ db, log }) => {
      const before = subMinutes(subDays(now(), PERSONAL_DATA_EXPORT.keptDays), PERSONAL_DATA_EXPORT.preparingLimitMinutes);
      const deleted = await db.transaction().execute(async (trx) => {
        const expired = trx.selectFrom('person_exports').select('id').where('requested_at', '<', before);
        await trx.deleteFrom('person_export_parts').where('export_id', 'in', expired).execute();
        return trx.deleteFrom('person_exports').where('requested_at', '<', before).executeTakeFirst();
      });
      if (deleted.numDeletedRows > 0n) log.info({ exports: Number(deleted.numDeletedRows) }, 'expired data exports deleted');
    },
  };
}

/**
 * Deletes every export of one person, parts first: what an account's deletion calls, so no copy of
 * their data outlives them here (the requests' events carry only ids, so a rebuild brings back
 * rows with no parts, which are never offered).
 */
export async function deleteExportsOf(db: Kysely<IdentityTables>, personId: string) {
  const theirs = db.selectFrom('person_exports').select('id').where('person_id', '=', personId);
  await db.deleteFrom('person_export_parts').where('export_id', 'in', theirs).execute();
  await db.deleteFrom('person_exports').where('person_id', '=', personId).execute();
}

import { exportPartPath, PersonalDataExportRequested } from '@commonwork/contracts';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { EventBus, Subscription } from '../events/bus.ts';
import { defineReaction, startStatelessConsumer } from '../events/statelessConsumer.ts';
import type { Logger } from '../logger.ts';
import { callIdentity, type IdentityReplicas } from './internalRoutes.ts';

/**
 * What one service holds about a person, read from its own tables: named sections (`gigs`,
 * `messages`, ...) of plain JSON (dates become ISO strings). Never another person's private data
 * beyond what the person could already read, and never a credential (a secret, a hash, a key).
 */
export type PersonalDataExport<DB> = (personId: string, db: Kysely<DB>) => Promise<Record<string, unknown>>;

/**
 * The rows of one of a service's tables that are the person's (`column` holds their id), for a section
 * of its export to select and order: `rowsOf(db, 'drafts', 'owner_id', personId).select([...]).execute()`.
 */
export function rowsOf<DB, TB extends keyof DB & string>(
  db: Kysely<DB>,
  table: TB,
  column: keyof DB[TB] & string,
  personId: string,
): SelectQueryBuilder<DB, TB, object> {
  // Kysely cannot relate a column named by a type parameter to its table; the signature above does.
  const from = db.selectFrom(table as never) as unknown as SelectQueryBuilder<DB, TB, object>;
  return from.where(column as never, '=', personId as never);
}

/**
 * Starts a service's share of every export: on identity's `PersonalDataExportRequested`, the
 * service reads its part and sends it to identity's internal route. A durable consumer shared by
 * the service's replicas, so one of them answers each request, and again after a restart. A part
 * identity refuses as not wanted (the export is gone or given up: 404, 409) is dropped; any other
 * failure, identity unreachable included, is retried by redelivery.
 */
export function startPersonalDataExport<DB>(options: {
  service: string;
  db: Kysely<DB>;
  bus: EventBus;
  log: Logger;
  identity: IdentityReplicas;
  exportPerson: PersonalDataExport<DB>;
}): Promise<Subscription> {
  const { service, db, bus, log, identity, exportPerson } = options;
  const reaction = defineReaction<null, [typeof PersonalDataExportRequested]>([PersonalDataExportRequested], async (_, event) => {
    const { exportId, personId } = event.data;
    const part = await exportPerson(personId, db);
    const res = await callIdentity(identity, exportPartPath(personId, exportId, service), { method: 'PUT', body: { part } });
    if (res.ok || res.status === 404 || res.status === 409) {
      if (!res.ok) log.info({ exportId, status: res.status }, 'export part not wanted any more');
      return;
    }
    throw new Error(`identity answered ${res.status} to ${service}'s export part`);
  });
  return startStatelessConsumer({ bus, log, durable: `${service}-personal-data-export`, reactions: [reaction], context: null });
}

import { exportPartPath, PersonalDataExportRequested } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
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

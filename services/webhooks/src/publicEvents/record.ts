import { PUBLIC_TYPE_OF_EVENT } from '@commonwork/contracts';
import { defineHandler } from '@commonwork/kit';
import { sql } from 'kysely';
import { ringDeliveries } from '../deliveries/bell.ts';
import type { DeliveryBody, WebhooksDb } from '../tables.ts';
import { audienceOf, PUBLIC_SOURCES } from './audience.ts';

/**
 * Each domain event with a public name becomes a public event: stored once (its id is unique, so a
 * redelivery adds nothing) with who may read it now, and, in the same transaction, one delivery to
 * each enabled webhook whose owner is among them and which subscribed to its type. A reaction, not a
 * read model: the audience is the one of that moment, which a replay could not tell again.
 */
export const recordPublicEvent = defineHandler(PUBLIC_SOURCES, async (trx: WebhooksDb, event) => {
  const type = PUBLIC_TYPE_OF_EVENT[event.type];
  if (!type) return;
  const audience = await audienceOf(trx, event);
  // Nobody may read it (a channel nobody is in): nothing to keep.
  if (audience.length === 0) return;
  const occurredAt = new Date(event.envelope.occurredAt);
  const stored = await trx
    .insertInto('public_events')
    .values({ event_id: event.envelope.id, type, occurred_at: occurredAt, data: JSON.stringify(event.data), audience })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('seq')
    .executeTakeFirst();
  if (!stored) return;
  const body: DeliveryBody = { type, timestamp: occurredAt.toISOString(), data: event.data };
  const made = await trx
    .insertInto('webhook_deliveries')
    .columns(['id', 'webhook_id', 'event_id', 'seq', 'type', 'body', 'created_at', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhooks')
        .select([
          sql<string>`gen_random_uuid()`.as('id'),
          'id as webhook_id',
          sql<string>`${event.envelope.id}::uuid`.as('event_id'),
          sql<string>`${String(stored.seq)}::bigint`.as('seq'),
          sql<string>`${type}`.as('type'),
          sql<string>`${JSON.stringify(body)}::jsonb`.as('body'),
          sql<Date>`now()`.as('created_at'),
          sql<Date>`now()`.as('next_attempt_at'),
        ])
        .where('enabled', '=', true)
        .where('owner_id', 'in', audience)
        .where(sql<boolean>`${type} = any(events)`)
        // A webhook being deleted meanwhile waits for this commit, then removes these deliveries too.
        .forShare(),
    )
    .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
    .executeTakeFirst();
  // The dispatcher looks once the transaction has committed; another replica's finds them at its next poll.
  if (Number(made.numInsertedOrUpdatedRows ?? 0) > 0) setTimeout(ringDeliveries, 5).unref();
});

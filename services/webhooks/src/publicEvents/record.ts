import { PUBLIC_TYPE_OF_EVENT } from '@commonwork/contracts';
import { defineBatchHandler } from '@commonwork/kit';
import { sql } from 'kysely';
import { ringDeliveries } from '../deliveries/bell.ts';
import type { DeliveryBody, WebhooksDb } from '../tables.ts';
import { audiencesOf, PUBLIC_SOURCES } from './audience.ts';

/**
 * Each domain event with a public name becomes a public event: stored once (its id is unique, so a
 * redelivery adds nothing) with who may read it now, and, in the same transaction, one delivery to
 * each enabled webhook whose owner is among them, which subscribed to its type and existed when it
 * happened. A reaction, not a read model: the audience is the one of that moment, which a replay
 * could not tell again.
 *
 * It takes the consumer's runs of events at once (docs/decisions/webhooks/public-events-in-batches.md):
 * one read per audience read model, one insert of the public events, one of their deliveries.
 */
export const recordPublicEvents = defineBatchHandler(PUBLIC_SOURCES, async (trx: WebhooksDb, events) => {
  const typed = events.flatMap((event) => {
    const type = PUBLIC_TYPE_OF_EVENT[event.type];
    return type ? [{ event, type }] : [];
  });
  if (typed.length === 0) return;
  const audiences = await audiencesOf(
    trx,
    typed.map((t) => t.event),
  );
  // Nobody may read it (a channel nobody is in): nothing to keep.
  const kept = typed.flatMap(({ event, type }, i) => {
    const audience = audiences[i] ?? [];
    return audience.length > 0 ? [{ event, type, audience, occurredAt: new Date(event.envelope.occurredAt) }] : [];
  });
  if (kept.length === 0) return;
  // In the run's order: the sequence numbers follow the rows, and deliveries go in `seq` order.
  const stored = await trx
    .insertInto('public_events')
    .values(
      kept.map(({ event, type, audience, occurredAt }) => ({
        event_id: event.envelope.id,
        type,
        occurred_at: occurredAt,
        data: JSON.stringify(event.data),
        audience,
      })),
    )
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning(['event_id', 'seq'])
    .execute();
  if (stored.length === 0) return;
  const seqOf = new Map(stored.map((row) => [row.event_id, String(row.seq)]));
  const rows = kept.flatMap(({ event, type, audience, occurredAt }) => {
    const seq = seqOf.get(event.envelope.id);
    if (seq === undefined) return [];
    const body: DeliveryBody = { type, timestamp: occurredAt.toISOString(), data: event.data };
    return [{ event_id: event.envelope.id, seq, type, body, audience, occurred_at: occurredAt.toISOString() }];
  });
  const made = await trx
    .insertInto('webhook_deliveries')
    .columns(['id', 'webhook_id', 'event_id', 'seq', 'type', 'body', 'created_at', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom(
          sql<{
            event_id: string;
            seq: string;
            type: string;
            body: DeliveryBody;
            audience: string[];
            occurred_at: Date;
          }>`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(event_id uuid, seq bigint, type text, body jsonb, audience uuid[], occurred_at timestamptz))`.as('e'),
        )
        .innerJoin('webhooks as w', (join) =>
          join
            .on('w.enabled', '=', true)
            .on(sql<boolean>`w.owner_id = any(e.audience)`)
            .on(sql<boolean>`e.type = any(w.events)`)
            // A webhook made after the event happened does not get it, however late the consumer is.
            .on(sql<boolean>`w.created_at <= e.occurred_at`),
        )
        .select([
          sql<string>`gen_random_uuid()`.as('id'),
          'w.id as webhook_id',
          'e.event_id',
          'e.seq',
          'e.type',
          'e.body',
          sql<Date>`now()`.as('created_at'),
          sql<Date>`now()`.as('next_attempt_at'),
        ])
        .orderBy('e.seq')
        // A webhook being deleted meanwhile waits for this commit, then removes these deliveries too.
        .forShare('w'),
    )
    .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
    .executeTakeFirst();
  // The dispatcher looks once the transaction has committed; another replica's finds them at its next poll.
  if (Number(made.numInsertedOrUpdatedRows ?? 0) > 0) setTimeout(ringDeliveries, 5).unref();
});

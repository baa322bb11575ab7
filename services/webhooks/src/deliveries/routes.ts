import { randomUUID } from 'node:crypto';
import { WEBHOOK_PING_TYPE, webhooksRoutes } from '@commonwork/contracts';
import { createError, registerRoute, type ServiceContext } from '@commonwork/kit';
import { sql } from 'kysely';
import { WebhookNotFound } from '../subscriptions/decide.ts';
import type { WebhooksTables } from '../tables.ts';
import { ringDeliveries } from './bell.ts';
import { presentDelivery } from './present.ts';
import { withDispatchColumns } from './tables.ts';

export const DeliveryNotFound = createError('DELIVERY_NOT_FOUND', 'Delivery not found', 404);

/** Ping, the delivery log and redeliver: the owner's calls on a webhook's deliveries. */
export function registerDeliveryRoutes(ctx: ServiceContext<WebhooksTables>, options: { now: () => Date }) {
  const { app, verifier } = ctx;
  const db = withDispatchColumns(ctx.db);

  /** The caller's webhook, or not found (absent, deleted, someone else's). */
  const ownWebhook = async (id: string, callerId: string) => {
    const webhook = await db.selectFrom('webhooks').select('id').where('id', '=', id).where('owner_id', '=', callerId).executeTakeFirst();
    if (!webhook) throw WebhookNotFound();
    return webhook;
  };

  registerRoute(app, verifier, webhooksRoutes.ping, async ({ params, caller, reply }) => {
    await ownWebhook(params.id, caller.sub);
    const at = options.now();
    const row = await db
      .insertInto('webhook_deliveries')
      .values({
        id: randomUUID(),
        webhook_id: params.id,
        // A ping is no event: an id of its own.
        event_id: randomUUID(),
        // After everything so far: a fresh position from the public events' sequence.
        seq: sql<string>`nextval(pg_get_serial_sequence(${`${ctx.name}.public_events`}, 'seq'))`,
        type: WEBHOOK_PING_TYPE,
        body: JSON.stringify({ type: WEBHOOK_PING_TYPE, timestamp: at.toISOString(), data: { webhookId: params.id } }),
        status: 'pending',
        attempts: 0,
        created_at: at,
        next_attempt_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    ringDeliveries();
    reply.status(202);
    return { success: true as const, delivery: presentDelivery(row) };
  });

  registerRoute(app, verifier, webhooksRoutes.deliveries, async ({ params, query, caller }) => {
    await ownWebhook(params.id, caller.sub);
    const rows = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', params.id)
      .orderBy('created_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit)
      .execute();
    return { success: true as const, deliveries: rows.slice(0, query.limit).map(presentDelivery), hasMore: rows.length > query.limit };
  });

  registerRoute(app, verifier, webhooksRoutes.redeliver, async ({ params, caller, reply }) => {
    await ownWebhook(params.id, caller.sub);
    const at = options.now();
    const row = await db.transaction().execute(async (trx) => {
      const delivery = await trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', params.deliveryId)
        .where('webhook_id', '=', params.id)
        .forUpdate()
        .executeTakeFirst();
      if (!delivery) throw DeliveryNotFound();
      // Being sent right now: that attempt is the redelivery.
      if (delivery.claimed_until && delivery.claimed_until > new Date()) return delivery;
      // Due now, the same id, a new round of retries; the deliveries before it are due now too, so the order holds.
      if (delivery.type !== WEBHOOK_PING_TYPE) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: at })
          .where('webhook_id', '=', params.id)
          .where('status', 'in', ['pending', 'retrying'])
          .where('seq', '<', delivery.seq)
          .where('next_attempt_at', '>', at)
          .execute();
      }
      return trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: at, round_start: delivery.attempts })
        .where('id', '=', delivery.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    ringDeliveries();
    reply.status(202);
    return { success: true as const, delivery: presentDelivery(row) };
  });
}

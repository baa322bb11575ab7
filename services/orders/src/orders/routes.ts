import { randomUUID } from 'node:crypto';
import { type AccessClaims, ORDER_MESSAGES, ordersRoutes } from '@commonwork/contracts';
import { attachmentsOf, registerRoute, type ServiceContext } from '@commonwork/kit';
import { sql } from 'kysely';
import type { PaymentPort } from '../payments/paymentPort.ts';
import { reviewBy, reviewsOf } from '../reviews/queries.ts';
import type { OrderRow, OrdersTables } from '../tables.ts';
import { orderAggregate } from './aggregate.ts';
import { type OrderCaller, type OrderCommand, OrderNotFound } from './decide.ts';
import { presentOrder, presentOrderSummary, type ReaderRole } from './present.ts';
import { orderRow, peopleOf, stepsOf } from './reads.ts';

/** Statuses of an order not yet ended: `status=active`. */
const ACTIVE = ['pending', 'in_progress', 'delivered'] as const;

export interface OrderRoutesOptions {
  /** The platform's admins (ADMIN_EMAILS), lower case: they read any order and settle disputed cancellations. */
  adminEmails: readonly string[];
  payments: PaymentPort;
  /** The time steps are taken at. */
  now: () => Date;
}

export function registerOrderRoutes(ctx: ServiceContext<OrdersTables>, options: OrderRoutesOptions) {
  const { app, verifier, db } = ctx;
  const orders = ctx.aggregate(orderAggregate);
  const admins = new Set(options.adminEmails);
  const isAdmin = (caller: AccessClaims) => caller.role === 'admin' || admins.has(caller.email.toLowerCase());
  const callerOf = (caller: AccessClaims): OrderCaller => ({ userId: caller.sub, admin: isAdmin(caller) });
  const roleOf = (row: OrderRow, caller: AccessClaims): ReaderRole | null => {
    if (row.buyer_id === caller.sub) return 'buyer';
    if (row.seller_id === caller.sub) return 'seller';
    return isAdmin(caller) ? 'admin' : null;
  };

  /** The order as the caller reads it; not theirs, not found. */
  const read = async (id: string, caller: AccessClaims) => {
    const row = await orderRow(db, id);
    const role = row && roleOf(row, caller);
    if (!row || !role) throw OrderNotFound();
    const [steps, people, review] = await Promise.all([
      stepsOf(db, id),
      peopleOf(db, [row.buyer_id, row.seller_id]),
      reviewBy(db, { orderId: id }),
    ]);
    return presentOrder(row, steps, role, people, review ?? null);
  };

  registerRoute(app, verifier, ordersRoutes.create, async ({ body, caller, request, reply }) => {
    const orderId = body.id ?? randomUUID();
    const [gig, attachments] = await Promise.all([
      db
        .selectFrom('orderable_gigs')
        .select(['gig_id as gigId', 'owner_id as ownerId', 'title', 'price', 'delivery_time as deliveryTime', 'available'])
        .where('gig_id', '=', body.gigId)
        .executeTakeFirst(),
      attachmentsOf(db, caller.sub, body.attachments),
    ]);
    const { events } = await orders.handle(
      orderId,
      { type: 'Place', orderId, buyerId: caller.sub, gig: gig ?? null, requirements: body.requirements, attachments, at: options.now() },
      ctx.metadataFor(request, caller.sub),
    );
    // Placed now (201), or already placed under this id by an earlier call (200, nothing written).
    reply.status(events.length > 0 ? 201 : 200);
    return { success: true as const, order: await read(orderId, caller) };
  });

  registerRoute(app, verifier, ordersRoutes.list, async ({ query, caller }) => {
    const side = query.role === 'seller' ? 'seller_id' : 'buyer_id';
    let mine = db.selectFrom('orders').where(side, '=', caller.sub);
    if (query.status === 'active') mine = mine.where('status', 'in', ACTIVE);
    else if (query.status) mine = mine.where('status', '=', query.status);
    const [rows, count] = await Promise.all([
      mine
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      mine.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    const [people, reviews] = await Promise.all([
      peopleOf(
        db,
        rows.flatMap((r) => [r.buyer_id, r.seller_id]),
      ),
      reviewsOf(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return {
      success: true as const,
      orders: rows.map((row) => presentOrderSummary(row, query.role, people, reviews.get(row.id) ?? null)),
      pagination: { page: query.page, pages: Math.ceil(count.total / query.limit), total: count.total, limit: query.limit },
    };
  });

  registerRoute(app, verifier, ordersRoutes.get, async ({ params, caller }) => ({
    success: true as const,
    order: await read(params.id, caller),
  }));

  /** One step on an order: decided on its stream, answered with the order after it (unchanged when the step was already taken). */
  const step = async (id: string, command: OrderCommand, caller: AccessClaims, request: Parameters<typeof ctx.metadataFor>[0]) => {
    const { events } = await orders.handle(id, command, ctx.metadataFor(request, caller.sub));
    return { order: await read(id, caller), events };
  };

  registerRoute(app, verifier, ordersRoutes.accept, async ({ params, caller, request }) => {
    const { order, events } = await step(params.id, { type: 'Accept', caller: callerOf(caller), at: options.now() }, caller, request);
    const accepted = events.find((e) => e.type === 'OrderAccepted');
    if (accepted) await options.payments.recordAgreement(accepted.data.card);
    return { success: true as const, order, message: ORDER_MESSAGES.payment };
  });

  registerRoute(app, verifier, ordersRoutes.decline, async ({ params, body, caller, request }) => {
    const command = { type: 'Decline' as const, caller: callerOf(caller), reason: body.reason, at: options.now() };
    return { success: true as const, order: (await step(params.id, command, caller, request)).order };
  });

  registerRoute(app, verifier, ordersRoutes.deliver, async ({ params, body, caller, request }) => {
    const attachments = await attachmentsOf(db, caller.sub, body.attachments);
    const command = { type: 'Deliver' as const, caller: callerOf(caller), message: body.message, attachments, at: options.now() };
    return { success: true as const, order: (await step(params.id, command, caller, request)).order };
  });

  registerRoute(app, verifier, ordersRoutes.revision, async ({ params, body, caller, request }) => {
    const command = { type: 'RequestRevision' as const, caller: callerOf(caller), reason: body.reason, at: options.now() };
    return { success: true as const, order: (await step(params.id, command, caller, request)).order };
  });

  registerRoute(app, verifier, ordersRoutes.complete, async ({ params, caller, request }) => {
    const command = { type: 'Complete' as const, caller: callerOf(caller), at: options.now() };
    return { success: true as const, order: (await step(params.id, command, caller, request)).order };
  });

  registerRoute(app, verifier, ordersRoutes.cancel, async ({ params, body, caller, request }) => {
    const command = { type: 'Cancel' as const, caller: callerOf(caller), reason: body.reason, response: body.response, at: options.now() };
    return { success: true as const, order: (await step(params.id, command, caller, request)).order };
  });
}

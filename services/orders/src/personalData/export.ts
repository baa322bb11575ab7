import type { PersonalDataExport } from '@commonwork/kit';
import type { OrdersTables } from '../tables.ts';

/** Orders' part of a person's export: the orders they placed or received, each with its steps, and the reviews they wrote or were given. */
export const exportOrdersPerson: PersonalDataExport<OrdersTables> = async (personId, db) => {
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'gig_id as gigId',
      'gig_title as gigTitle',
      'buyer_id as buyerId',
      'seller_id as sellerId',
      'status',
      'price',
      'delivery_time as deliveryTime',
      'revisions_allowed as revisionsAllowed',
      'revisions_used as revisionsUsed',
      'late',
      'due_at as dueAt',
      'delivered_at as deliveredAt',
      'completed_at as completedAt',
      'cancellation',
      'requirements',
      'attachments',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .where((eb) => eb.or([eb('buyer_id', '=', personId), eb('seller_id', '=', personId)]))
    .orderBy('created_at')
    .execute();
  const steps = orders.length
    ? await db
        .selectFrom('order_steps')
        .select(['order_id', 'type', 'by', 'text', 'attachments', 'at'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('order_id')
        .orderBy('version')
        .execute()
    : [];
  const reviews = await db
    .selectFrom('reviews')
    .select([
      'id',
      'order_id as orderId',
      'gig_id as gigId',
      'gig_title as gigTitle',
      'buyer_id as buyerId',
      'seller_id as sellerId',
      'rating',
      'text',
      'reply',
      'replied_at as repliedAt',
      'created_at as createdAt',
    ])
    .where((eb) => eb.or([eb('buyer_id', '=', personId), eb('seller_id', '=', personId)]))
    .orderBy('created_at')
    .execute();
  return {
    orders: orders.map((order) => ({
      ...order,
      role: order.buyerId === personId ? 'buyer' : 'seller',
      steps: steps.filter((s) => s.order_id === order.id).map(({ order_id: _, ...step }) => step),
    })),
    reviews: reviews.map((review) => ({ ...review, role: review.buyerId === personId ? 'written' : 'received' })),
  };
};

import { randomUUID } from 'node:crypto';
import { ordersRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import type { OrdersTables } from '../tables.ts';
import { reviewAggregate } from './aggregate.ts';
import { ReviewNotFound } from './decide.ts';
import { reviewBy, reviewPage } from './queries.ts';

/** The four calls of the reviews: write, answer, and a gig's and a person's reviews. */
export function registerReviewRoutes(ctx: ServiceContext<OrdersTables>) {
  const { app, verifier, db } = ctx;
  const reviews = ctx.aggregate(reviewAggregate);

  /** The review as the projection has it after the decision (same transaction, so already there). */
  const written = async (orderId: string) => {
    const review = await reviewBy(db, { orderId });
    if (!review) throw ReviewNotFound();
    return { success: true as const, review };
  };

  registerRoute(app, verifier, ordersRoutes.review, async ({ params, body, caller, request, reply }) => {
    const order = await db
      .selectFrom('orders')
      .select(['id as orderId', 'gig_id as gigId', 'gig_title as gigTitle', 'buyer_id as buyerId', 'seller_id as sellerId', 'status'])
      .where('id', '=', params.id)
      .executeTakeFirst();
    await reviews.handle(
      params.id,
      { type: 'WriteReview', reviewId: randomUUID(), actorId: caller.sub, order: order ?? null, rating: body.rating, text: body.text },
      ctx.metadataFor(request, caller.sub),
    );
    reply.status(201);
    return written(params.id);
  });

  registerRoute(app, verifier, ordersRoutes.reply, async ({ params, body, caller, request }) => {
    const review = await db.selectFrom('reviews').select('order_id').where('id', '=', params.id).executeTakeFirst();
    if (!review) throw ReviewNotFound();
    await reviews.handle(
      review.order_id,
      { type: 'ReplyToReview', actorId: caller.sub, text: body.text },
      ctx.metadataFor(request, caller.sub),
    );
    return written(review.order_id);
  });

  registerRoute(app, verifier, ordersRoutes.gigReviews, ({ params, query }) => reviewPage(db, { column: 'gig_id', id: params.id }, query));

  // A private profile's reviews follow it, like its other fields: its owner sees them, others only the summary its card shows.
  registerRoute(app, verifier, ordersRoutes.userReviews, async ({ params, query, caller }) => {
    const visibility = await db.selectFrom('profile_visibility').select('private').where('person_id', '=', params.id).executeTakeFirst();
    const hidden = (visibility?.private ?? false) && caller?.sub !== params.id;
    return reviewPage(db, { column: 'seller_id', id: params.id }, query, hidden);
  });
}

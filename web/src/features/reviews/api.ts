import { ordersRoutes, type ReviewRequest } from '@commonwork/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shared/api/index.ts';

/** Every list of reviews starts with this key: a review or an answer written in this tab reads them all again. */
export const REVIEWS_KEY = ['reviews'] as const;

/** Whose reviews: a gig's, or those of every gig of a person (their public profile). */
export type ReviewSource = { kind: 'gig'; id: string } | { kind: 'person'; id: string };

const pageOf = (source: ReviewSource, page: number, signal: AbortSignal) =>
  source.kind === 'gig'
    ? call(ordersRoutes.gigReviews, { params: { id: source.id }, query: { page }, signal })
    : call(ordersRoutes.userReviews, { params: { id: source.id }, query: { page }, signal });

/** GET /api/gigs/:id/reviews or /api/users/:id/reviews, newest first, a page at a time (Show more). */
export function useReviews(source: ReviewSource) {
  return useInfiniteQuery({
    queryKey: [...REVIEWS_KEY, source.kind, source.id],
    queryFn: ({ pageParam, signal }) => pageOf(source, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });
}

/** POST /api/orders/:id/review: the buyer's review of their completed order. */
export const postReview = (orderId: string, body: z.output<typeof ReviewRequest>) =>
  call(ordersRoutes.review, { params: { id: orderId }, body });

/** POST /api/reviews/:id/reply: the seller's one public answer. */
export const postReply = (reviewId: string, text: string) => call(ordersRoutes.reply, { params: { id: reviewId }, body: { text } });

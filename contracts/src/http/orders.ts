import { ErrorBody } from '../errors.ts';
import { GigIdParams } from '../gigs.ts';
import {
  CancelOrderRequest,
  CreateOrderRequest,
  DeclineOrderRequest,
  DeliverOrderRequest,
  EmptyOrderRequest,
  ListOrdersQuery,
  OrderIdParams,
  OrderListResponse,
  OrderResponse,
  ReviewIdParams,
  ReviewListResponse,
  ReviewReplyRequest,
  ReviewRequest,
  ReviewResponse,
  ReviewsQuery,
  RevisionRequest,
} from '../orders.ts';
import { UserIdParams } from '../users.ts';
import { defineRoute } from './route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
/** A step the order's state does not allow: 409 with the sentence saying why. */
const stepErrors = { ...errors, 403: ErrorBody, 409: ErrorBody };

// Generic in the body, so each step's handler gets its own body's type, not the union of them all.
const step = <
  B extends
    | typeof EmptyOrderRequest
    | typeof DeclineOrderRequest
    | typeof DeliverOrderRequest
    | typeof RevisionRequest
    | typeof CancelOrderRequest,
>(
  action: string,
  summary: string,
  body: B,
) =>
  defineRoute({
    method: 'POST',
    url: `/api/orders/:id/${action}`,
    summary,
    auth: 'user',
    scope: 'orders:write',
    params: OrderIdParams,
    body,
    response: { 200: OrderResponse, ...stepErrors },
  });

export const ordersRoutes = {
  create: defineRoute({
    method: 'POST',
    url: '/api/orders',
    summary:
      'Order a gig: its price, delivery time and revisions are copied; sent again with the same `id`, answers the order placed (200)',
    auth: 'user',
    scope: 'orders:write',
    body: CreateOrderRequest,
    response: { 201: OrderResponse, 200: OrderResponse, ...stepErrors },
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/orders',
    summary: 'Your orders as a buyer or as a seller, the last changed first (optionally one status, or `active`)',
    auth: 'user',
    scope: 'orders:read',
    querystring: ListOrdersQuery,
    response: { 200: OrderListResponse, ...errors },
  }),
  get: defineRoute({
    method: 'GET',
    url: '/api/orders/:id',
    summary: 'One order, with its timeline and what you may do now (only its buyer, its seller and admins)',
    auth: 'user',
    scope: 'orders:read',
    params: OrderIdParams,
    response: { 200: OrderResponse, ...errors },
  }),
  accept: step('accept', 'The seller accepts a new order; the due date runs from now', EmptyOrderRequest),
  decline: step('decline', 'The seller declines a new order, with a reason', DeclineOrderRequest),
  deliver: step(
    'deliver',
    'The seller delivers (a message and files); unanswered for 3 days, the order completes by itself',
    DeliverOrderRequest,
  ),
  revision: step('revision', 'The buyer asks for a revision of a delivery, with a reason (up to the revisions agreed)', RevisionRequest),
  complete: step('complete', 'The buyer accepts the delivery: the order is completed', EmptyOrderRequest),
  cancel: step(
    'cancel',
    'Cancel before acceptance, or ask to cancel after it (the other side agrees or refuses; refused, it goes to an admin)',
    CancelOrderRequest,
  ),
  review: defineRoute({
    method: 'POST',
    url: '/api/orders/:id/review',
    summary: 'The buyer reviews a completed order, once: 1-5 stars and up to 1,000 characters',
    auth: 'user',
    scope: 'orders:write',
    params: OrderIdParams,
    body: ReviewRequest,
    response: { 201: ReviewResponse, ...stepErrors },
  }),
  reply: defineRoute({
    method: 'POST',
    url: '/api/reviews/:id/reply',
    summary: 'The seller answers a review of theirs, once, publicly',
    auth: 'user',
    scope: 'orders:write',
    params: ReviewIdParams,
    body: ReviewReplyRequest,
    response: { 200: ReviewResponse, ...stepErrors },
  }),
  gigReviews: defineRoute({
    method: 'GET',
    url: '/api/gigs/:id/reviews',
    summary: "A gig's reviews, newest first",
    auth: 'public',
    params: GigIdParams,
    querystring: ReviewsQuery,
    response: { 200: ReviewListResponse, ...errors },
  }),
  userReviews: defineRoute({
    method: 'GET',
    url: '/api/users/:id/reviews',
    summary: "The reviews of a person's gigs, newest first; a private profile shows others only the summary",
    auth: 'optional',
    scope: 'orders:read',
    params: UserIdParams,
    querystring: ReviewsQuery,
    response: { 200: ReviewListResponse, ...errors },
  }),
} as const;

import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { DeliveryTime } from './gigs.ts';
import { Attachment, AttachmentRequest } from './messaging.ts';
import { ORDER_LIMITS, ORDER_MESSAGES, ORDER_STATUSES, ORDER_STEP_TYPES } from './orderCatalog.ts';

const Id = z.uuid();

export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Who took a step: one of the two sides, an admin settling a dispute, or the platform's clock. */
export const OrderActor = z.enum(['buyer', 'seller', 'admin', 'system']);
export type OrderActor = z.infer<typeof OrderActor>;

export const OrderStepType = z.enum(ORDER_STEP_TYPES);
export type OrderStepType = z.infer<typeof OrderStepType>;

/**
 * What the person reading an order may do now, computed by the server from the order and their
 * side: the page offers exactly these. `agreeCancel`/`refuseCancel` answer the other side's
 * cancellation request, `withdrawCancel` takes back one's own; `settleCancel`/`resumeOrder` are an
 * admin's on a disputed one.
 */
export const OrderAction = z.enum([
  'accept',
  'decline',
  'deliver',
  'revision',
  'complete',
  'cancel',
  'agreeCancel',
  'refuseCancel',
  'withdrawCancel',
  'settleCancel',
  'resumeOrder',
  'review',
  'reply',
]);
export type OrderAction = z.infer<typeof OrderAction>;

export const OrderParty = z.object({ _id: Id, name: z.string(), picture: z.string() });
export type OrderParty = z.infer<typeof OrderParty>;

/** One line of an order's timeline. `text` is the reason or the delivery's message ('' when none). */
export const OrderStep = z.object({
  type: OrderStepType,
  by: OrderActor,
  at: z.string(),
  text: z.string(),
  attachments: z.array(Attachment),
});
export type OrderStep = z.infer<typeof OrderStep>;

/** A cancellation one side asked for after acceptance: the other agrees, or it goes to an admin (`disputed`). */
export const OrderCancellation = z.object({
  requestedBy: z.enum(['buyer', 'seller']),
  reason: z.string(),
  at: z.string(),
  disputed: z.boolean(),
});

export const ReviewReply = z.object({ text: z.string(), createdAt: z.string() });

/** A buyer's review of a completed order, and the seller's one public answer. */
export const Review = z.object({
  _id: Id,
  id: Id,
  orderId: Id,
  gig: z.object({ _id: Id, title: z.string() }),
  reviewer: OrderParty,
  sellerId: Id,
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  reply: ReviewReply.nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof Review>;

/**
 * An order as its two sides (and an admin) read it. The gig's price, delivery time and revisions
 * are copied when it is placed: a later change of the gig does not change an agreed order.
 * `dueAt` runs from acceptance; `autoCompletesAt` is set while a delivery waits for the buyer.
 * `version` is the order's stream version.
 */
export const Order = z.object({
  _id: Id,
  id: Id,
  gig: z.object({ _id: Id, title: z.string() }),
  buyer: OrderParty,
  seller: OrderParty,
  /** The reader's side. */
  role: z.enum(['buyer', 'seller', 'admin']),
  requirements: z.string(),
  attachments: z.array(Attachment),
  price: z.number(),
  deliveryTime: DeliveryTime,
  revisionsAllowed: z.number().int().min(0),
  revisionsUsed: z.number().int().min(0),
  status: OrderStatus,
  late: z.boolean(),
  dueAt: z.string().nullable(),
  autoCompletesAt: z.string().nullable(),
  cancellation: OrderCancellation.nullable(),
  steps: z.array(OrderStep),
  review: Review.nullable(),
  actions: z.array(OrderAction),
  version: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof Order>;

/** An order in a list: without its timeline and files. */
export const OrderSummary = Order.omit({ steps: true, attachments: true, requirements: true });
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderPagination = z.object({ page: z.number(), pages: z.number(), total: z.number(), limit: z.number() });

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Must be at most ${max} characters`);
const attachments = z.array(AttachmentRequest).max(ORDER_LIMITS.attachments, `At most ${ORDER_LIMITS.attachments} attachments`).default([]);

/**
 * POST /api/orders. `id`, optional, is the order's id chosen by the form: the same order sent
 * again (a second click, a retry whose answer was lost) answers the one already placed.
 */
export const CreateOrderRequest = z.object({
  id: z.uuid().optional(),
  gigId: z.uuid('Gig id must be a UUID'),
  requirements: text(ORDER_LIMITS.requirements, ORDER_MESSAGES.requirementsRequired),
  attachments,
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const OrderIdParams = z.object({ id: z.uuid('Order id must be a UUID') });
export const ReviewIdParams = z.object({ id: z.uuid('Review id must be a UUID') });

export const EmptyOrderRequest = z.object({}).default({});
export const DeclineOrderRequest = z.object({ reason: text(ORDER_LIMITS.reason, ORDER_MESSAGES.reasonRequired) });
export const DeliverOrderRequest = z.object({
  message: text(ORDER_LIMITS.deliveryMessage, ORDER_MESSAGES.deliveryMessageRequired),
  attachments,
});
export const RevisionRequest = z.object({ reason: text(ORDER_LIMITS.reason, ORDER_MESSAGES.reasonRequired) });

/**
 * POST /api/orders/{id}/cancel. Without `response`: cancel (before acceptance, at once) or ask to
 * cancel (after it), with a reason. With `response`: the other side's answer to that request, or an
 * admin's decision on a disputed one (`agree` cancels, `refuse` disputes it or, from an admin,
 * resumes the order); `withdraw`, from the side that asked, takes the request back.
 */
export const CancelOrderRequest = z
  .object({
    reason: z.string().trim().max(ORDER_LIMITS.reason, `Must be at most ${ORDER_LIMITS.reason} characters`).default(''),
    response: z.enum(['agree', 'refuse', 'withdraw']).optional(),
  })
  .refine((body) => body.response !== undefined || body.reason.length > 0, { path: ['reason'], message: ORDER_MESSAGES.reasonRequired });

export const ReviewRequest = z.object({
  rating: z
    .number({ error: ORDER_MESSAGES.ratingInvalid })
    .int(ORDER_MESSAGES.ratingInvalid)
    .min(1, ORDER_MESSAGES.ratingInvalid)
    .max(5, ORDER_MESSAGES.ratingInvalid),
  text: z.string().trim().max(ORDER_LIMITS.reviewText, `Must be at most ${ORDER_LIMITS.reviewText} characters`).default(''),
});
export const ReviewReplyRequest = z.object({ text: text(ORDER_LIMITS.replyText, ORDER_MESSAGES.replyRequired) });

const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(ORDER_LIMITS.pageSize);

/** `status=active`: every order not yet ended (pending, in progress, delivered). */
export const ListOrdersQuery = z.object({
  role: z.enum(['buyer', 'seller']).default('buyer'),
  status: z.union([OrderStatus, z.literal('active')]).optional(),
  page,
  limit,
});
export const ReviewsQuery = z.object({ page, limit });

export const OrderResponse = z.object({ success: z.literal(true), order: Order, message: z.string().optional() });
export const OrderListResponse = z.object({ success: z.literal(true), orders: z.array(OrderSummary), pagination: OrderPagination });
export const ReviewResponse = z.object({ success: z.literal(true), review: Review });
/** A page of reviews, newest first, with the rating they average to (0 and 0 when there are none). */
export const ReviewListResponse = z.object({
  success: z.literal(true),
  reviews: z.array(Review),
  pagination: OrderPagination,
  summary: z.object({ rating: z.number(), count: z.number().int().min(0) }),
});

// The orders' sentences and limits, without zod (issue 30).

export const ORDER_LIMITS = {
  requirements: 5_000,
  deliveryMessage: 5_000,
  reason: 500,
  reviewText: 1_000,
  replyText: 1_000,
  /** Files with the requirements, and with each delivery. */
  attachments: 5,
  /** Revisions a buyer may ask for when the gig names none. */
  defaultRevisions: 2,
  /** A delivery left unanswered this long completes by itself. */
  autoCompleteDays: 3,
  pageSize: 10,
} as const;

export const ORDER_STATUSES = ['pending', 'in_progress', 'delivered', 'completed', 'declined', 'cancelled'] as const;

/** The steps of an order's timeline (and of its lines in the conversation: messaging's `SystemLine`). */
export const ORDER_STEP_TYPES = [
  'placed',
  'accepted',
  'declined',
  'delivered',
  'revision_requested',
  'completed',
  'cancellation_requested',
  'cancellation_refused',
  'cancellation_withdrawn',
  'cancelled',
  'late',
] as const;

/**
 * What the server answers, word for word: a refused transition is a 409 with one of the sentences
 * below, so a person who clicked a stale button reads why nothing happened.
 */
export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  ownGig: 'You cannot order your own gig',
  gigUnavailable: 'This gig is not available to order',
  notPending: 'This order is no longer waiting for an answer',
  notInProgress: 'Only an order in progress can be delivered',
  notDelivered: 'Only a delivered order can be accepted or sent back for a revision',
  noRevisionsLeft: 'No revisions are left on this order',
  notCancellable: 'An order can be cancelled only before it is delivered',
  noCancellationAsked: 'Nobody asked to cancel this order',
  ownCancellation: 'The other side has to answer your cancellation request',
  disputed: 'This cancellation is with an admin',
  onlyBuyer: 'Only the buyer can do this',
  onlySeller: 'Only the seller can do this',
  onlyAdmin: 'Only an admin can settle a disputed cancellation',
  notCompleted: 'Only a completed order can be reviewed',
  alreadyReviewed: 'This order has already been reviewed',
  reviewNotFound: 'Review not found',
  alreadyReplied: 'This review already has an answer',
  reasonRequired: 'Please give a reason',
  requirementsRequired: 'Please describe what you need',
  deliveryMessageRequired: 'Please describe what you deliver',
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  replyRequired: 'Reply cannot be empty',
  payment: 'Payment is arranged between the two of you; Commonwork records the agreed price.',
} as const;

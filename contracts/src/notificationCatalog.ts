// The notification domain's fixed lists and sentences, without zod: screens that only show notifications
// import these; the schemas stay with what validates.

/** Spec 002 §3, and `order`: a step of an order of yours (its `data.orderId` links the order). */
export const NOTIFICATION_TYPES = ['gig_interest', 'event_invite', 'message', 'collaboration_request', 'system', 'other', 'order'] as const;

export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * Which of the server's sentences a notification's title and message are (`data.words`), so the web
 * app writes them in the person's language from `data`; a notification without it (made before) shows
 * its stored English. `gigInterestNote`: the sender wrote the message, only the title is ours.
 */
export const NOTIFICATION_WORDS = [
  'chatMessage',
  'channelJoined',
  'channelMention',
  'eventRegistered',
  'eventUpdated',
  'eventCancelled',
  'eventReminder',
  'gigInterest',
  'gigInterestNote',
  'orderPlaced',
  'orderAccepted',
  'orderDeclined',
  'orderDelivered',
  'orderRevisionRequested',
  'orderCompleted',
  'orderCompletedAutomatically',
  'orderCancellationRequested',
  'orderCancellationRefused',
  'orderCancellationWithdrawn',
  'orderResumed',
  'orderCancelled',
  'orderSettledCancelled',
  'orderLate',
  'orderReviewed',
] as const;

/** The notifications whose message is what their sender wrote (a message, a note): emptied when the sender is forgotten. */
export const SENDER_WRITTEN_WORDS: readonly (typeof NOTIFICATION_WORDS)[number][] = ['chatMessage', 'channelMention', 'gigInterestNote'];

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  gigNotFound: 'Gig not found',
  ownGig: 'You cannot send interest in your own gig',
  interestSent: 'Interest notification sent to freelancer',
  markedRead: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  deleted: 'Notification deleted',
} as const;

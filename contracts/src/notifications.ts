import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_TYPES, NOTIFICATION_WORDS } from './notificationCatalog.ts';

export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** A notification as the list shows it (spec 002 §3); `data` carries what its actions need. */
export const Notification = z.object({
  _id: z.uuid(),
  id: z.uuid(),
  type: NotificationType,
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  sender: z.object({ _id: z.uuid(), name: z.string(), picture: z.string() }).nullable(),
  data: z.object({
    gigId: z.uuid().optional(),
    gigTitle: z.string().optional(),
    chatId: z.uuid().optional(),
    eventId: z.uuid().optional(),
    eventTitle: z.string().optional(),
    channelId: z.uuid().optional(),
    /** A mention's message, in `channelId`. */
    messageId: z.uuid().optional(),
    words: z.enum(NOTIFICATION_WORDS).optional(),
    channelName: z.string().optional(),
    attendeeCount: z.number().optional(),
    /** An event reminder's start (ISO): the message says how long from the notification's time. */
    startsAt: z.string().optional(),
    /** An order's step: the order it links (`/orders/<orderId>`). */
    orderId: z.uuid().optional(),
    /** What the person wrote with the step (a reason), quoted in the message; '' when none. */
    reason: z.string().optional(),
    /** A review's stars. */
    rating: z.number().int().min(1).max(5).optional(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const ListNotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(NOTIFICATION_PAGE_SIZE),
  unreadOnly: z.enum(['true', 'false']).optional(),
  /** Only those already read (the Read tab). */
  readOnly: z.enum(['true', 'false']).optional(),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;

export const NotificationListResponse = z.object({
  success: z.literal(true),
  notifications: z.array(Notification),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalNotifications: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
  unreadCount: z.number(),
});

export const NotificationIdParams = z.object({ id: z.uuid('Notification id must be a UUID') });
export const NotificationResponse = z.object({ success: z.literal(true), notification: Notification, unreadCount: z.number() });
export const NotificationsChangedResponse = z.object({ success: z.literal(true), message: z.string(), unreadCount: z.number() });

/** POST /api/notifications/gig-interest (spec 001 §7). */
export const GigInterestRequest = z.object({
  gigId: z.uuid('Gig id must be a UUID'),
  message: z.string().trim().max(500, 'Message must be at most 500 characters').optional(),
});
export const GigInterestResponse = z.object({ success: z.literal(true), message: z.string(), notification: Notification });

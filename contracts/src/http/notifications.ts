import { ErrorBody } from '../errors.ts';
import {
  GigInterestRequest,
  GigInterestResponse,
  ListNotificationsQuery,
  NotificationIdParams,
  NotificationListResponse,
  NotificationResponse,
  NotificationsChangedResponse,
} from '../notifications.ts';
import { defineRoute } from './route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const notificationsRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/notifications',
    summary: 'Your notifications, newest first, 20 a page, with the exact unread count (the badge asks limit=1&unreadOnly=true)',
    auth: 'user',
    scope: 'notifications:read',
    querystring: ListNotificationsQuery,
    response: { 200: NotificationListResponse, ...errors },
  }),
  markAllRead: defineRoute({
    method: 'PATCH',
    url: '/api/notifications/mark-all-read',
    summary: 'Mark every notification of yours read',
    auth: 'user',
    scope: 'notifications:write',
    response: { 200: NotificationsChangedResponse, ...errors },
  }),
  markRead: defineRoute({
    method: 'PATCH',
    url: '/api/notifications/:id/read',
    summary: 'Mark one of your notifications read',
    auth: 'user',
    scope: 'notifications:write',
    params: NotificationIdParams,
    response: { 200: NotificationResponse, ...errors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/notifications/:id',
    summary: 'Delete one of your notifications',
    auth: 'user',
    scope: 'notifications:write',
    params: NotificationIdParams,
    response: { 200: NotificationsChangedResponse, ...errors },
  }),
  gigInterest: defineRoute({
    method: 'POST',
    url: '/api/notifications/gig-interest',
    summary: "Tell a gig's freelancer you are interested (never on your own gig)",
    auth: 'user',
    scope: 'gigs:write',
    body: GigInterestRequest,
    response: { 201: GigInterestResponse, ...errors },
  }),
} as const;

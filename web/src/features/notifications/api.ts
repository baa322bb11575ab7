import { type ListNotificationsQuery, NOTIFICATION_PAGE_SIZE, notificationsRoutes, TIMINGS } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, readToken } from '../../shared/api/index.ts';

export type NotificationTab = 'all' | 'unread' | 'read';
export const NOTIFICATIONS_KEY = ['notifications'] as const;

const EMPTY = {
  notifications: [],
  pagination: { currentPage: 1, totalPages: 1, totalNotifications: 0, hasNext: false, hasPrev: false },
  unreadCount: 0,
};

/** A list call whose failure is an empty result (spec 002 §8: list errors are swallowed). Its own token: a 401 only empties it. */
export const listOf = (query: Partial<ListNotificationsQuery>, signal?: AbortSignal) =>
  call(notificationsRoutes.list, { query, auth: { token: readToken() ?? '' }, signal }).catch(() => EMPTY);

/**
 * The /notifications list of one tab and page, with the counts of every tab; refreshed every 5 s,
 * on focus and when the tab becomes visible (spec 002 §4), and whenever `refreshKey` changes.
 */
export function useNotificationList(tab: NotificationTab, page: number, refreshKey: number) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', tab, page, refreshKey],
    queryFn: async ({ signal }) => {
      const filter = tab === 'unread' ? { unreadOnly: 'true' as const } : tab === 'read' ? { readOnly: 'true' as const } : {};
      const [shown, all] = await Promise.all([
        listOf({ page, limit: NOTIFICATION_PAGE_SIZE, ...filter }, signal),
        tab === 'all' ? null : listOf({ limit: 1 }, signal),
      ]);
      const total = (all ?? shown).pagination.totalNotifications;
      return { ...shown, counts: { all: total, unread: shown.unreadCount, read: total - shown.unreadCount } };
    },
    refetchInterval: TIMINGS.notificationRefreshMs,
    refetchOnWindowFocus: 'always',
    placeholderData: (previous) => previous,
  });
}

export const markRead = (id: string) => call(notificationsRoutes.markRead, { params: { id } });
export const markAllRead = () => call(notificationsRoutes.markAllRead, {});
export const deleteNotification = (id: string) => call(notificationsRoutes.remove, { params: { id } });

import { TIMINGS } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import { listOf, NOTIFICATIONS_KEY } from './api.ts';
import { useNotificationContext } from './NotificationProvider.tsx';

/**
 * The number of unread notifications for the sidebar badge (spec 002 §7): a list call with limit 1
 * and unreadOnly, every 5 s, when the window gains focus or the tab becomes visible, and whenever
 * the refresh counter changes. A failed call counts as 0 (spec 002 §8).
 */
export function useUnreadCount(): number {
  const { refreshKey } = useNotificationContext();
  const { data } = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread', refreshKey],
    queryFn: ({ signal }) => listOf({ limit: 1, unreadOnly: 'true' }, signal).then((body) => body.unreadCount),
    refetchInterval: TIMINGS.notificationRefreshMs,
    refetchOnWindowFocus: 'always',
  });
  return data ?? 0;
}

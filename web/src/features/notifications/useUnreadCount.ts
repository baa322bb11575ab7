import { notificationsRoutes, TIMINGS } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, readToken } from '../../shared/api/index.ts';
import { useNotificationContext } from './NotificationProvider.tsx';

/**
 * The number of unread notifications for the sidebar badge (spec 002 §7): a list call with limit 1
 * and unreadOnly, every 5 s, when the window gains focus or the tab becomes visible, and whenever
 * the refresh counter changes. A failed call counts as 0 (spec 002 §8: errors are swallowed, a 401
 * only resets the count).
 */
export function useUnreadCount(): number {
  const { refreshKey } = useNotificationContext();
  const { data } = useQuery({
    queryKey: ['notifications', 'unread', refreshKey],
    queryFn: ({ signal }) =>
      // Its own token: a 401 here resets the badge and leaves the session to the calls people make.
      call(notificationsRoutes.list, { query: { limit: 1, unreadOnly: 'true' }, auth: { token: readToken() ?? '' }, signal })
        .then((body) => body.unreadCount)
        .catch(() => 0),
    refetchInterval: TIMINGS.notificationRefreshMs,
    refetchOnWindowFocus: 'always',
  });
  return data ?? 0;
}

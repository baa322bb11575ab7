import { useNotificationContext } from './NotificationProvider.tsx';

/**
 * The number of unread notifications for the sidebar badge. The notifications service is not wired
 * yet, so this is 0; it re-reads whenever the refresh counter changes.
 */
export function useUnreadCount(): number {
  useNotificationContext();
  return 0;
}

import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSocketEvent } from '../../shared/socket/index.ts';
import { NOTIFICATIONS_KEY } from './api.ts';
import { showGigInterestAlert } from './browserAlert.ts';

/**
 * The live side of the badge and the list (issue 10): each change of the person's inbox comes over
 * the socket with its unread count, set into the badge at once; the lists refetch. The 5 s poll
 * stays, for what a socket that was down missed. Counts carry the inbox's revision, so one that
 * arrives after a newer one is ignored. Mounted once per signed-in session (the sidebar layout).
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const revision = useRef(0);

  const apply = (unreadCount: number, at: number) => {
    if (at <= revision.current) return;
    revision.current = at;
    queryClient.setQueriesData<number>({ queryKey: [...NOTIFICATIONS_KEY, 'unread'] }, unreadCount);
    void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
  };

  useSocketEvent('new-notification', ({ notification, unreadCount, revision: at }) => {
    apply(unreadCount, at);
    void showGigInterestAlert(notification);
  });
  useSocketEvent('notification-count', ({ unreadCount, revision: at }) => apply(unreadCount, at));
}

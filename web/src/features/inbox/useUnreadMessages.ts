import { messagingRoutes, TIMINGS, type UnreadTotals } from '@commonwork/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, readToken } from '../../shared/api/index.ts';
import { useSocketEvent } from '../../shared/socket/index.ts';

const UNREAD_MESSAGES_KEY = ['unread-messages'] as const;
const NONE: UnreadTotals = { chats: 0, channels: 0 };

/**
 * The person's unread messages for the sidebar's Inbox and Community badges: GET /api/chat/unread,
 * polled like the notifications badge (every 5 s, on focus) for what a socket that was down missed.
 * Its own token, as the notifications badge: a 401 here only hides the badges. A failure shows none.
 */
export function useUnreadMessages(): UnreadTotals {
  const { data } = useQuery({
    queryKey: UNREAD_MESSAGES_KEY,
    queryFn: ({ signal }) =>
      call(messagingRoutes.unreadTotals, { auth: { token: readToken() ?? '' }, signal })
        .then((body) => body.data)
        .catch(() => NONE),
    refetchInterval: TIMINGS.notificationRefreshMs,
    refetchOnWindowFocus: 'always',
  });
  return data ?? NONE;
}

/**
 * Keeps the badges live: a message in one of the person's conversations or channels (the socket
 * joins every channel of theirs), and their own read marks on any device, read the totals again.
 * Mounted once per signed-in session (the sidebar layout).
 */
export function useLiveUnreadMessages(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
  useSocketEvent('new-chat-message', refresh);
  useSocketEvent('channel-updated', refresh);
  useSocketEvent('unread-count', refresh);
}

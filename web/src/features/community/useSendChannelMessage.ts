import { type Channel, TIMINGS } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { withReadPosition } from '../../shared/conversation/index.ts';
import { useSocket } from '../../shared/socket/index.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { messagesKey, postChannelMessage, updateChannel } from './api.ts';
import { t } from './locales/index.ts';
import { newClientId, type PaneAction, type PaneMessage, paneReducer, pendingMessage } from './optimistic.ts';
import { sendOverSocket, sendWithFallback } from './send.ts';

/**
 * The optimistic send of spec 002 §4: a temporary message at once, the socket with a 10 s
 * acknowledgement, the REST call if that fails, the server's message in place of the temporary
 * one, or on failure the temporary one removed and 'Failed to send message'.
 */
export function useSendChannelMessage(channel: Channel | null) {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const { user } = useAuth();

  return useCallback(
    (content: string) => {
      if (!channel || !user) return;
      const channelId = channel.id;
      const dispatch = (action: PaneAction) =>
        queryClient.setQueryData<PaneMessage[]>(messagesKey(channelId), (held) => paneReducer(held ?? [], action));

      const clientId = newClientId();
      const author = { id: user.id, name: user.name, picture: user.picture };
      dispatch({ type: 'sending', message: pendingMessage({ clientId, channelId, content, author, now: new Date() }) });

      sendWithFallback(
        () => sendOverSocket(socket, { channelId, content, clientId }, TIMINGS.socketSendTimeoutMs),
        () => postChannelMessage(channelId, content, clientId),
      ).then(
        (message) => {
          dispatch({ type: 'sent', message });
          updateChannel(queryClient, channelId, (c) => withReadPosition(c, { readSequence: message.sequence, unreadCount: 0 }));
        },
        () => {
          dispatch({ type: 'failed', clientId });
          toast.error(t('community.sendFailed'));
        },
      );
    },
    [channel, user, socket, queryClient],
  );
}

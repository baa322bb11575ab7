import { type ChannelMessage, TIMINGS } from '@commonwork/contracts';
import { useCallback } from 'react';
import { attachmentRequests, type OutgoingMessage } from '../../shared/conversation/index.ts';
import { useSocket } from '../../shared/socket/index.ts';
import { channelConversations } from './api.ts';
import { sendOverSocket, sendWithFallback } from './send.ts';

/**
 * How a channel message travels (spec 002 §4, steps 2 and 3): the socket with a 10 s
 * acknowledgement, the REST call if that fails, both with the optimistic copy's clientId.
 */
export function useChannelDelivery() {
  const { socket } = useSocket();
  return useCallback(
    (channelId: string, message: OutgoingMessage, clientId: string): Promise<ChannelMessage> =>
      sendWithFallback(
        () =>
          sendOverSocket(
            socket,
            { channelId, content: message.content, clientId, attachments: attachmentRequests(message.attachments) },
            TIMINGS.socketSendTimeoutMs,
          ),
        () => channelConversations.postMessage(channelId, message, clientId),
      ),
    [socket],
  );
}

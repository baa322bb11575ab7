import type { AttachmentRequest, ChannelMessage, SendMessagePayload } from '@commonwork/contracts';
import type { MessageSent, SendAck } from '../../shared/socket/index.ts';

/** The part of the socket a send uses (a fake stands in for it in tests). */
export interface SendSocket {
  readonly connected: boolean;
  emit(event: 'send-message', payload: SendMessagePayload, ack: SendAck): unknown;
  on(event: 'message-sent', listener: (payload: MessageSent) => void): unknown;
  off(event: 'message-sent', listener: (payload: MessageSent) => void): unknown;
}

export interface OutgoingMessage {
  channelId: string;
  content: string;
  clientId: string;
  attachments?: AttachmentRequest[];
}

/**
 * Step 2 of spec 002 §4: `send-message` over the socket, settled by whichever comes first of the
 * acknowledgement and a `message-sent` for this clientId. Rejects with 'Socket not connected',
 * the server's error, or 'Message send timeout' after `timeoutMs` (spec 002 §8). These are the
 * reasons the REST fallback runs, never shown: the person sees 'Failed to send message' if it fails too.
 */
export function sendOverSocket(socket: SendSocket | null, message: OutgoingMessage, timeoutMs: number): Promise<ChannelMessage> {
  if (!socket?.connected) return Promise.reject(new Error('Socket not connected'));
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (answer: MessageSent | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off('message-sent', onSent);
      if (answer?.success && answer.message) resolve(answer.message);
      else reject(new Error(answer?.error || 'Message send timeout'));
    };
    // `message-sent` carries no clientId on failure: only a success for this message settles it.
    const onSent = (answer: MessageSent) => {
      if (answer.success && answer.message?.clientId === message.clientId) finish(answer);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    socket.on('message-sent', onSent);
    socket.emit('send-message', { ...message, type: 'text' }, (answer) => finish(answer));
  });
}

/**
 * Steps 2 and 3: the socket first; if it is down, refuses or times out, the REST call instead
 * (with the same clientId, so a late socket success and the fallback are one message).
 */
export async function sendWithFallback(
  viaSocket: () => Promise<ChannelMessage>,
  viaRest: () => Promise<ChannelMessage>,
): Promise<ChannelMessage> {
  try {
    return await viaSocket();
  } catch {
    return viaRest();
  }
}

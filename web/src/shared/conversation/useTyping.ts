import type { UserTypingPayload } from '@commonwork/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSocket, useSocketEvent } from '../socket/index.ts';
import type { ConversationKind } from './source.ts';
import { Typists, typingThrottle } from './typing.ts';

/** The conversation a `user-typing` is about. */
const conversationOf = (typing: UserTypingPayload) => ('channelId' in typing ? typing.channelId : typing.chatId);

/**
 * The names of the others typing in the open channel or conversation (`user-typing`), each until
 * 5 s after their last or until their message arrives. Mounted once per conversation (keyed by
 * it), so nobody carries over to the next one.
 */
export function useTypists(kind: ConversationKind, conversationId: string, userId: string | undefined): string[] {
  const [names, setNames] = useState<string[]>([]);
  const [typists] = useState(() => new Typists(setNames));
  useEffect(() => () => typists.clear(), [typists]);
  useSocketEvent('user-typing', (typing) => {
    if ('channelId' in typing === (kind === 'channel') && conversationOf(typing) === conversationId && typing.userId !== userId)
      typists.started(typing.userId, typing.name);
  });
  useSocketEvent('new-message', (message) => {
    if (message.channel === conversationId) typists.stopped(message.sender._id);
  });
  useSocketEvent('new-chat-message', (message) => {
    if (message.chatId === conversationId) typists.stopped(message.sender._id);
  });
  return names;
}

/** What the composer calls on each key: `typing` for the open conversation, at most every 2 s. */
export function useTypingNotifier(kind: ConversationKind, conversationId: string): () => void {
  const { socket } = useSocket();
  // A window per conversation: typing in the next one is announced at once.
  const throttle = useRef({ conversationId, due: typingThrottle() });
  return () => {
    if (!socket?.connected) return;
    if (throttle.current.conversationId !== conversationId) throttle.current = { conversationId, due: typingThrottle() };
    if (!throttle.current.due()) return;
    socket.emit('typing', kind === 'channel' ? { channelId: conversationId } : { chatId: conversationId });
  };
}

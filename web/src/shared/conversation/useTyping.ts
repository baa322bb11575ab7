import { useEffect, useRef, useState } from 'react';
import { useSocket, useSocketEvent } from '../socket/index.ts';
import type { ConversationKind } from './source.ts';
import { Typists, typingThrottle } from './typing.ts';

/**
 * The names of the others typing in an open channel (`user-typing`), each until 5 s after their
 * last or until their message arrives. Conversations of the inbox have no typing yet: always none.
 * Mounted once per conversation (keyed by it), so nobody carries over to the next one.
 */
export function useTypists(kind: ConversationKind, conversationId: string, userId: string | undefined): string[] {
  const [names, setNames] = useState<string[]>([]);
  const [typists] = useState(() => new Typists(setNames));
  useEffect(() => () => typists.clear(), [typists]);
  useSocketEvent('user-typing', (typing) => {
    if (kind === 'channel' && typing.channelId === conversationId && typing.userId !== userId) typists.started(typing.userId, typing.name);
  });
  useSocketEvent('new-message', (message) => {
    if (message.channel === conversationId) typists.stopped(message.sender._id);
  });
  return names;
}

/** What the composer calls on each key: `typing` to the open channel's room, at most every 2 s. */
export function useTypingNotifier(kind: ConversationKind, conversationId: string): () => void {
  const { socket } = useSocket();
  // A window per conversation: typing in the next channel is announced at once.
  const throttle = useRef({ conversationId, due: typingThrottle() });
  return () => {
    if (kind !== 'channel' || !socket?.connected) return;
    if (throttle.current.conversationId !== conversationId) throttle.current = { conversationId, due: typingThrottle() };
    if (throttle.current.due()) socket.emit('typing', { channelId: conversationId });
  };
}

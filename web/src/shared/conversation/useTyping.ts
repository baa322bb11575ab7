import type { UserTypingPayload } from '@commonwork/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSocket, useSocketEvent } from '../socket/index.ts';
import type { ConversationKind } from './source.ts';
import { TYPING_SEND_EVERY_MS, Typists, typingThrottle } from './typing.ts';

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
  useSocketEvent('new-messages', (run) => {
    if (run.channelId === conversationId) for (const message of run.messages) typists.stopped(message.sender._id);
  });
  useSocketEvent('new-chat-message', (message) => {
    if (message.chatId === conversationId) typists.stopped(message.sender._id);
  });
  return names;
}

/**
 * What the composer calls on each key: `typing` for the open conversation, at most every 2 s.
 *
 * A key pressed while the socket is down (the page just opened, or a reconnect) cannot be sent; if
 * the last such key is less than one sending window old when the socket can speak for this
 * conversation again, `typing` goes out then, so the others see someone who is typing right now
 * even when they paused on the way. In a channel that is once the room is joined again (the server
 * relays typing only from a socket in the room, and refuses it with an error before); in a
 * conversation of two, once connected (the server asks messaging who takes part).
 */
export function useTypingNotifier(kind: ConversationKind, conversationId: string): () => void {
  const { socket, connected } = useSocket();
  // A window per conversation: typing in the next one is announced at once.
  const throttle = useRef({ conversationId, due: typingThrottle() });
  const missed = useRef<{ conversationId: string; at: number } | null>(null);

  const announce = () => {
    if (!socket?.connected) return false;
    if (throttle.current.conversationId !== conversationId) throttle.current = { conversationId, due: typingThrottle() };
    if (throttle.current.due()) socket.emit('typing', kind === 'channel' ? { channelId: conversationId } : { chatId: conversationId });
    return true;
  };
  const announceMissed = () => {
    const key = missed.current;
    missed.current = null;
    if (key?.conversationId === conversationId && Date.now() - key.at < TYPING_SEND_EVERY_MS) announce();
  };

  // After every render: the one where `connected` turns true is the one that matters.
  useEffect(() => {
    if (kind === 'chat' && connected) announceMissed();
  });
  useSocketEvent('channel-joined', ({ channelId }) => {
    if (kind === 'channel' && channelId === conversationId) announceMissed();
  });
  useSocketEvent('channels-joined', ({ channelIds }) => {
    if (kind === 'channel' && channelIds.includes(conversationId)) announceMissed();
  });

  return () => {
    if (!announce()) missed.current = { conversationId, at: Date.now() };
  };
}

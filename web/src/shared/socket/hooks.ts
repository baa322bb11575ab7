import type { ServerToClientEvents } from '@commonwork/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSocket } from './SocketProvider.tsx';

/**
 * Listens to one server event on the session's socket for as long as the component is mounted.
 * The latest `handler` is always called, so callers need not memoise it.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const { socket } = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as ServerToClientEvents[E];
    // Socket.IO's typed `on` cannot relate a generic event name to its listener; the map above does.
    (socket.on as (event: E, listener: ServerToClientEvents[E]) => void)(event, listener);
    return () => {
      (socket.off as (event: E, listener: ServerToClientEvents[E]) => void)(event, listener);
    };
  }, [socket, event]);
}

const REFOCUS_DEBOUNCE_MS = 1_000;

/**
 * Calls `callback` when the tab becomes visible again or the window regains focus: Socket.IO
 * delivers at most once, so a page that was in the background fetches what it may have missed.
 */
export function useWhenVisibleAgain(callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    let last = 0;
    const onVisible = () => {
      // Coming back to a tab fires both events: one catch-up is enough.
      if (document.visibilityState !== 'visible' || Date.now() - last < REFOCUS_DEBOUNCE_MS) return;
      last = Date.now();
      latest.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, []);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the tab is visible now: a conversation is read only while someone can see it. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

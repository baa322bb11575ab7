import { SOCKET_EVENTS } from '@commonwork/contracts';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { readToken } from '../api/index.ts';
import { toast } from '../ui/toast.ts';
import type { Presence } from './events.ts';
import { type AppSocket, createSocket } from './socket.ts';

interface SocketState {
  /** The session's connection; null while signed out. */
  socket: AppSocket | null;
  connected: boolean;
}

const SocketContext = createContext<SocketState>({ socket: null, connected: false });
const PresenceContext = createContext<ReadonlyMap<string, Presence>>(new Map());

/**
 * One Socket.IO connection per signed-in session (spec 002 §4), for as long as this is mounted
 * (inside the signed-in routes: signing out unmounts it and closes the connection). On every
 * connect it asks to join all of the user's channels; server errors are toasted; and
 * `user-status-updated` is kept as a presence map that members panels read.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SocketState>({ socket: null, connected: false });
  const [presence, setPresence] = useState<ReadonlyMap<string, Presence>>(() => new Map());

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    let socket: AppSocket | null = null;
    let unmounted = false;
    const listen = (socket: AppSocket) => {
      setState({ socket, connected: false });
      socket.on('connect', () => {
        setState({ socket, connected: true });
        socket.emit(SOCKET_EVENTS.joinChannels);
      });
      socket.on('disconnect', () => setState({ socket, connected: false }));
      socket.on('connect_error', (error) => {
        // A refused handshake is not retried by Socket.IO; REST calls end an expired session on their 401.
        if (!socket.active) console.warn('Realtime connection refused:', error.message);
      });
      socket.on(SOCKET_EVENTS.error, ({ message }) => {
        if (message) toast.error(message);
      });
      socket.on(SOCKET_EVENTS.userStatusUpdated, ({ userId: who, status }) => {
        setPresence((current) => {
          if (current.get(who) === status) return current;
          const next = new Map(current);
          next.set(who, status);
          return next;
        });
      });
    };
    createSocket(token).then(
      (opened) => {
        if (unmounted) {
          opened.disconnect();
          return;
        }
        socket = opened;
        listen(opened);
      },
      (error: unknown) => console.warn('Realtime client failed to load:', error),
    );
    return () => {
      unmounted = true;
      socket?.removeAllListeners();
      socket?.disconnect();
      setState({ socket: null, connected: false });
      setPresence(new Map());
    };
  }, []);

  return (
    <SocketContext.Provider value={state}>
      <PresenceContext.Provider value={presence}>{children}</PresenceContext.Provider>
    </SocketContext.Provider>
  );
}

/** The session's socket and whether it is connected now. */
export function useSocket(): SocketState {
  return useContext(SocketContext);
}

/** Who is online, as `user-status-updated` last said (absent: what the REST data said). */
export function usePresence(): ReadonlyMap<string, Presence> {
  return useContext(PresenceContext);
}

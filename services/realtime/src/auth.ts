import { SOCKET_EVENTS } from '@commonwork/contracts';
import {
  AppError,
  ENDED_SESSIONS_MAX_AGE_MS,
  type EndedSessions,
  PERSONAL_TOKEN_CACHE_MS,
  requireScope,
  SESSION_ENDED,
  SESSION_EXPIRED,
  type TokenVerifier,
} from '@commonwork/kit';
import type { ExtendedError } from 'socket.io';
import type { RealtimeServer, RealtimeSocket } from './types.ts';

const AUTH_REQUIRED = 'Authentication required';

/**
 * Handshake middleware: the access token in `auth.token` is verified with the kit's verifier
 * before the connection exists, so no room is ever joined by an unauthenticated socket. A refusal
 * reaches the client as `connect_error` with message 'Authentication required' and, in `data`,
 * the reason (for example an expired session, so the web app can send the person to /login).
 *
 * A personal access token needs `messages:read` to connect, and is asked again every second
 * (through the verifier's one-second cache), so a socket whose token is revoked or expires is closed
 * within about two seconds on whichever replica holds it. A signed-in session's socket is closed when
 * the session is signed out (`closeEndedSessions`).
 */
export function authenticateHandshake(verifier: TokenVerifier, options: { recheckMs?: number } = {}) {
  return async (socket: RealtimeSocket, next: (err?: ExtendedError) => void) => {
    const raw: unknown = socket.handshake.auth?.token;
    const token = typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '').trim() : '';
    if (!token) return next(refusal('No token'));
    try {
      const claims = await verifier(token);
      requireScope(claims, SOCKET_SCOPE);
      socket.data.userId = claims.sub;
      socket.data.token = token;
      if (claims.scopes) {
        socket.data.scopes = claims.scopes;
        if (claims.tid) socket.data.tokenId = claims.tid;
        recheckWhileConnected(socket, verifier, options.recheckMs ?? PERSONAL_TOKEN_CACHE_MS);
      }
      if (claims.sid) socket.data.sessionId = claims.sid;
      if (claims.exp !== undefined) endAtExpiry(socket, claims.exp * 1000);
      next();
    } catch (error) {
      next(refusal(error instanceof Error ? error.message : 'Invalid token'));
    }
  };
}

/**
 * A connection lives no longer than the token that opened it: at its expiry the person is told
 * and the socket is closed by the server, which Socket.IO does not retry (a reconnect with the old
 * token would be refused anyway); the web app's next REST call then ends the session on its 401.
 */
function endAtExpiry(socket: RealtimeSocket, expiresAt: number) {
  const timer = setTimeout(
    () => {
      socket.emit(SOCKET_EVENTS.error, { message: SESSION_EXPIRED });
      socket.disconnect(true);
    },
    // setTimeout fires at once beyond 2^31 - 1 ms (24.8 days); no access token lives that long, but cap it anyway.
    Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1),
  );
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}

/** What a personal access token needs to open a socket: every socket receives messages. */
const SOCKET_SCOPE = 'messages:read';

/**
 * Asks again about a personal access token while its socket lives: refused (revoked, expired, its
 * person gone), the socket is told and closed. While identity cannot be asked the socket stays, as a
 * REST call would be answered 503 rather than refused; the next answer decides.
 */
function recheckWhileConnected(socket: RealtimeSocket, verifier: TokenVerifier, everyMs: number) {
  let asking = false;
  const timer = setInterval(() => {
    if (asking) return;
    asking = true;
    verifier(socket.data.token)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 401) {
          socket.emit(SOCKET_EVENTS.error, { message: error.message });
          socket.disconnect(true);
        }
      })
      .finally(() => {
        asking = false;
      });
  }, everyMs);
  timer.unref();
  socket.once('disconnect', () => clearInterval(timer));
}

/**
 * Closes this replica's sockets of signed-out sessions: one look at the verifier's list of ended
 * sessions every half `ENDED_SESSIONS_MAX_AGE_MS` for all of them (asking identity costs no more
 * with more sockets, unlike verifying each token again), so a socket outlives its sign-out by about
 * a second on whichever replica holds it. Returns the stop.
 */
export function closeEndedSessions(io: RealtimeServer, ended: EndedSessions) {
  let looking = false;
  const timer = setInterval(() => {
    const sockets = io.of('/').sockets;
    // No sockets, no questions: the list stops asking identity while it is not used.
    if (looking || sockets.size === 0) return;
    looking = true;
    ended
      .current()
      .then((sids) => {
        if (sids.size === 0) return;
        for (const socket of sockets.values()) {
          if (socket.data.sessionId && sids.has(socket.data.sessionId)) {
            socket.emit(SOCKET_EVENTS.error, { message: SESSION_ENDED });
            socket.disconnect(true);
          }
        }
      })
      .finally(() => {
        looking = false;
      });
  }, ENDED_SESSIONS_MAX_AGE_MS / 2);
  timer.unref();
  return () => clearInterval(timer);
}

function refusal(reason: string): ExtendedError {
  const error: ExtendedError = new Error(AUTH_REQUIRED);
  error.data = { code: 'UNAUTHORIZED', reason };
  return error;
}

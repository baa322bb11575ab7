import { SOCKET_EVENTS } from '@commonwork/contracts';
import { SESSION_EXPIRED, type TokenVerifier } from '@commonwork/kit';
import type { ExtendedError } from 'socket.io';
import type { RealtimeSocket } from './types.ts';

const AUTH_REQUIRED = 'Authentication required';

/**
 * Handshake middleware: the access token in `auth.token` is verified with the kit's verifier
 * before the connection exists, so no room is ever joined by an unauthenticated socket. A refusal
 * reaches the client as `connect_error` with message 'Authentication required' and, in `data`,
 * the reason (for example an expired session, so the web app can send the person to /login).
 */
export function authenticateHandshake(verifier: TokenVerifier) {
  return async (socket: RealtimeSocket, next: (err?: ExtendedError) => void) => {
    const raw: unknown = socket.handshake.auth?.token;
    const token = typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '').trim() : '';
    if (!token) return next(refusal('No token'));
    try {
      const claims = await verifier(token);
      socket.data.userId = claims.sub;
      socket.data.token = token;
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

function refusal(reason: string): ExtendedError {
  const error: ExtendedError = new Error(AUTH_REQUIRED);
  error.data = { code: 'UNAUTHORIZED', reason };
  return error;
}

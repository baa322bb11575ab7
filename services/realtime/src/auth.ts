import type { TokenVerifier } from '@commonwork/kit';
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
      next();
    } catch (error) {
      next(refusal(error instanceof Error ? error.message : 'Invalid token'));
    }
  };
}

function refusal(reason: string): ExtendedError {
  const error: ExtendedError = new Error(AUTH_REQUIRED);
  error.data = { code: 'UNAUTHORIZED', reason };
  return error;
}

import { identityRoutes } from '@commonwork/contracts';
import { call } from '../../shared/api/index.ts';

/** How long signing out waits for the server before ending the session here anyway. */
const SIGN_OUT_WAIT_MS = 5_000;

/**
 * POST /api/auth/logout with the session's own token: its 401 (a session already ended) is no reason
 * to send the person to /login, so the token is passed rather than read as the session's.
 */
export const endSessionOnServer = (token: string) =>
  call(identityRoutes.signOut, { auth: { token }, signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS) });

/** POST /api/auth/logout-all: every session of the person, this one included. */
export const endEverySessionOnServer = (token: string) => call(identityRoutes.signOutEverywhere, { auth: { token } });

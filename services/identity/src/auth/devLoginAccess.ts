import { clientAddressOf, createError, isLoopback } from '@commonwork/kit';
import type { FastifyRequest } from 'fastify';

/**
 * Who may use the developer sign-in, which signs anyone in by email: nobody (`off`), callers on this
 * machine only (`loopback`, the default when it is on), or anyone who reaches the gateway (`open`,
 * AUTH_DEV_LOGIN_REMOTE=true: a test cluster, never one real people use).
 */
export type DevLoginAccess = 'off' | 'loopback' | 'open';

export const DevLoginLocalOnly = createError(
  'DEV_LOGIN_LOCAL_ONLY',
  'Developer sign-in is only available on the machine running Commonwork',
  403,
);

/** Whether this request may use the developer sign-in. */
export const devLoginAllowed = (access: DevLoginAccess, request: Pick<FastifyRequest, 'headers' | 'socket'>) =>
  access === 'open' || (access === 'loopback' && isLoopback(clientAddressOf(request)));

/** The start-up line saying who may use the developer sign-in; a warning when anyone may. */
export function devLoginNotice(access: DevLoginAccess): { level: 'info' | 'warn'; message: string } {
  if (access === 'open')
    return {
      level: 'warn',
      message:
        'Developer sign-in is open to the network (AUTH_DEV_LOGIN_REMOTE=true): anyone who reaches this server can sign in as anyone',
    };
  if (access === 'loopback')
    return { level: 'info', message: 'Developer sign-in is on for callers on this machine only (AUTH_DEV_LOGIN_REMOTE=true opens it)' };
  return { level: 'info', message: 'Developer sign-in is off' };
}

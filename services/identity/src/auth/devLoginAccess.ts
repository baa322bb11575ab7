import { isIP } from 'node:net';
import { createError } from '@commonwork/kit';
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

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (`::ffff:127.0.0.1`, what a dual-stack socket reports). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/**
 * The caller's address as the gateway saw it. The gateway sets X-Forwarded-For to the client it
 * served (having believed only its own TRUSTED_PROXIES), so the header is believed only from a peer
 * on this machine (the embedded or local gateway); from any other peer the peer itself is the caller,
 * and a client that writes the header to the gateway or to identity picks nothing.
 */
export function clientAddressOf(request: Pick<FastifyRequest, 'headers' | 'socket'>): string | undefined {
  const peer = request.socket.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'];
  if (!isLoopback(peer) || typeof forwarded !== 'string') return peer;
  // The gateway sends one address; of a list, the last entry is the one its peer added.
  return forwarded.split(',').at(-1)?.trim() || peer;
}

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

import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

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
 * and a client that writes the header to the gateway or to a service picks nothing.
 */
export function clientAddressOf(request: Pick<FastifyRequest, 'headers' | 'socket'>): string | undefined {
  const peer = request.socket.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'];
  if (!isLoopback(peer) || typeof forwarded !== 'string') return peer;
  // The gateway sends one address; of a list, the last entry is the one its peer added.
  return forwarded.split(',').at(-1)?.trim() || peer;
}

/**
 * The part of an address that names one subscriber: an IPv4 address whole, an IPv6 address's /64
 * (one household or host gets a whole /64 and may pick any address in it).
 */
export function subscriberOf(address: string): string {
  const bare = address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  if (isIP(bare) !== 6) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

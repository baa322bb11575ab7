import { BlockList, isIP } from 'node:net';

/**
 * Ranges no webhook may call, as literal addresses in the URL: private (RFC 1918, ULA), link-local
 * and the cloud metadata address, "this network". The sender checks every address again after DNS
 * resolution (a name may resolve to any of them); this only refuses the obvious at create.
 */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('0.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');
PRIVATE.addAddress('::', 'ipv6');

export interface UrlRule {
  /** NODE_ENV=production: https only. */
  httpsOnly: boolean;
  /** WEBHOOK_ALLOW_PRIVATE=true: an operator lets webhooks call private addresses. */
  allowPrivate: boolean;
}

/** Why a webhook may not call this URL, in a sentence; null when it may (as far as the URL itself tells). */
export function urlProblem(value: string, rule: UrlRule): string | null {
  const url = new URL(value);
  if (rule.httpsOnly && url.protocol !== 'https:') return 'Webhook URLs must use https';
  if (url.username || url.password) return 'Webhook URLs may not contain a user name or password';
  if (rule.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family === 0) return null;
  // An IPv4-mapped IPv6 address (`[::ffff:a00:1]`) is checked against the IPv4 ranges by BlockList itself.
  return PRIVATE.check(host, family === 4 ? 'ipv4' : 'ipv6')
    ? 'Webhook URLs may not point to a private, link-local or metadata address'
    : null;
}

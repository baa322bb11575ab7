import { isIP } from 'node:net';
import { type AddressPolicy, addressRefusal } from '../deliveries/addresses.ts';

/** What a deployment lets a webhook's URL be: the sender's address policy, and https only in production. */
export interface UrlRule extends AddressPolicy {
  /** NODE_ENV=production: https only. */
  httpsOnly: boolean;
}

/**
 * Why a webhook may not call this URL, in a sentence; null when it may (as far as the URL itself
 * tells). A literal address is judged as the sender judges every address after DNS resolution
 * (deliveries/addresses.ts, one list of ranges): a name may resolve to anything, so it is left to the sender.
 */
export function urlProblem(value: string, rule: UrlRule): string | null {
  const url = new URL(value);
  if (rule.httpsOnly && url.protocol !== 'https:') return 'Webhook URLs must use https';
  if (url.username || url.password) return 'Webhook URLs may not contain a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) return null;
  const refused = addressRefusal(host, rule);
  if (!refused) return null;
  return `Webhook URLs may not point to ${refused.label}${refused.allowedBy ? `: ${refused.allowedBy}` : ''}`;
}

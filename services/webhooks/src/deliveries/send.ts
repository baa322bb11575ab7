import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { WEBHOOK_LIMITS } from '@commonwork/contracts';
import { Webhook } from 'standardwebhooks';
import { type AddressPolicy, refusalOf } from './addresses.ts';

export const USER_AGENT = 'Commonwork-Webhooks/1.0 (+https://github.com/commonwork; Standard Webhooks)';

/** Where and how a deployment may call receivers. */
export interface SendPolicy extends AddressPolicy {
  /** `https` receivers only (NODE_ENV=production). */
  httpsOnly: boolean;
  /** The whole call, resolution to answer (WEBHOOK_LIMITS.timeoutMs). */
  timeoutMs?: number;
  /** How much of the answer is kept for the log (WEBHOOK_LIMITS.responseKeptBytes). */
  keptBytes?: number;
  /** Name resolution; default the system's (`dns.lookup`, every address). Tests give names of their own. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface OutgoingDelivery {
  url: string;
  /** `whsec_…`. */
  secret: string;
  /** The `webhook-id`: the delivery's id, the same on every attempt. */
  id: string;
  /** The body exactly as sent and signed. */
  payload: string;
  /** The `webhook-timestamp` (the time of this attempt). */
  at: Date;
}

/** What one attempt came to; `ok` only for a 2xx answer. */
export interface AttemptResult {
  ok: boolean;
  /** The answer's status; null when none came (refused, connection error, timeout). */
  status: number | null;
  durationMs: number;
  /** The first bytes of the answer, or why there was none. */
  response: string;
}

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** The Standard Webhooks headers of one attempt. */
export function signedHeaders(delivery: Pick<OutgoingDelivery, 'secret' | 'id' | 'payload' | 'at'>): Record<string, string> {
  return {
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(delivery.at.getTime() / 1000)),
    'webhook-signature': new Webhook(delivery.secret).sign(delivery.id, delivery.at, delivery.payload),
  };
}

/** Text Postgres can keep: no NUL characters. */
const keepable = (text: string) => text.replaceAll('\u0000', '');

class Refused extends Error {}

/**
 * One attempt to deliver: the receiver's name is resolved first and every address it has is checked
 * against the policy; the connection is made to the checked address only (the `lookup` the socket
 * uses answers it, so a second resolution cannot rebind the name), with SNI and Host still the name.
 * Redirects are not followed (a 3xx is a failure). The timeout covers the whole call. Never throws.
 */
export async function sendDelivery(delivery: OutgoingDelivery, policy: SendPolicy): Promise<AttemptResult> {
  const timeoutMs = policy.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  const keptBytes = policy.keptBytes ?? WEBHOOK_LIMITS.responseKeptBytes;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (response: string): AttemptResult => ({ ok: false, status: null, durationMs: elapsed(), response });

  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return failed('Refused: not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failed(`Refused: ${url.protocol} URLs are not called`);
  if (policy.httpsOnly && url.protocol !== 'https:') return failed('Refused: only https URLs are called in production');

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = () => failed(`Timed out after ${timeoutMs / 1000} s`);
  try {
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    let addresses: { address: string; family: number }[];
    if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
    else {
      try {
        addresses = await abortable((policy.resolve ?? systemResolve)(hostname), controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return timedOut();
        return failed(`Could not resolve ${hostname} (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})`);
      }
    }
    if (addresses.length === 0) return failed(`Could not resolve ${hostname}`);
    // Every address the name has must pass: a name with one public and one private address is refused.
    for (const { address } of addresses) {
      const refusal = refusalOf(address, policy);
      if (refusal) throw new Refused(hostname === address ? `Refused: ${refusal}` : `Refused: ${hostname} resolves to ${refusal}`);
    }
    const pinned = addresses[0] as { address: string; family: number };
    const lookup: LookupFunction = (_name, options, callback) => {
      if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    return await call(url, delivery, lookup, controller.signal, keptBytes, elapsed, timedOut);
  } catch (error) {
    if (error instanceof Refused) return failed(error.message);
    if (controller.signal.aborted) return timedOut();
    const code = (error as NodeJS.ErrnoException).code;
    return failed(`Connection failed${code ? ` (${code})` : ''}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function call(
  url: URL,
  delivery: OutgoingDelivery,
  lookup: LookupFunction,
  signal: AbortSignal,
  keptBytes: number,
  elapsed: () => number,
  timedOut: () => AttemptResult,
): Promise<AttemptResult> {
  const body = Buffer.from(delivery.payload);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        // A connection of its own each time: a pooled socket could have been opened to another address.
        agent: false,
        signal,
        headers: {
          ...signedHeaders(delivery),
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': USER_AGENT,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          const text = keepable(Buffer.concat(chunks).subarray(0, keptBytes).toString('utf8'));
          const redirect = status >= 300 && status < 400;
          const where = redirect && response.headers.location ? ` (redirect to ${response.headers.location} not followed)` : '';
          resolve({ ok: status >= 200 && status < 300, status, durationMs: elapsed(), response: `${text}${where}` });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (kept >= keptBytes) return;
          chunks.push(chunk);
          kept += chunk.length;
          // Enough for the log: the rest of the answer is not read.
          if (kept >= keptBytes) finish();
        });
        response.on('end', finish);
        // Cut off (the timeout, or the receiver hanging up): a timeout is a timeout whatever came before.
        const cut = () => (signal.aborted ? resolve(timedOut()) : finish());
        response.on('error', cut);
        response.on('close', cut);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

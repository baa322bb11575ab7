import type { Exchange } from '@commonwork/contracts';
import { Agent, request } from 'undici';

/** How long an idle connection to another service is kept open for the next call. */
const KEEP_ALIVE_MS = 10_000;

const agent = new Agent({ keepAliveTimeout: KEEP_ALIVE_MS });

/**
 * A service's calls to another service (the dashboard's sections, realtime's calls to messaging):
 * undici's `request` over kept-alive connections instead of the global `fetch`, whose WHATWG
 * request, response and streams cost about twice the CPU of the call itself
 * (docs/decisions/performance/pooled-service-calls.md). A refused connection throws with its
 * `code` as fetch's does under `cause`; any status is an answer, as fetch's is.
 */
export const pooledFetch: Exchange = async (url, { method, headers, body, signal }) => {
  // Uploads go from the browser to the gateway, never from one service to another.
  if (body !== undefined && typeof body !== 'string') throw new TypeError('pooledFetch sends a JSON body or none');
  const answer = await request(url, { dispatcher: agent, method, headers, body, signal });
  // Read at once: an unread body would hold its connection.
  const text = await answer.body.text();
  const found = answer.headers;
  return {
    status: answer.statusCode,
    headers: {
      get: (name) => {
        const value = found[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: async () => text,
  };
};

/** The code of a connection error, from `pooledFetch` or from the global `fetch` (which puts it under `cause`). */
export function connectionErrorCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  if (typeof code === 'string') return code;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

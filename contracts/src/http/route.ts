import type { z } from 'zod';
import type { RouteScope } from '../scopes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the public API. Services register their handlers against it (so validation is the
 * contract's), and the gateway derives both its OpenAPI document and its edge-auth rule from it.
 */
export interface RouteContract {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/users/:id`. */
  url: string;
  summary: string;
  /** `public` calls need no token; `user` calls need a valid access token; `optional` reads one if present. */
  auth: 'public' | 'user' | 'optional';
  /**
   * What a personal access token needs to make this call (403 INSUFFICIENT_SCOPE without it); a
   * signed-in session needs none. Every `user` and `optional` call names one; a `public` one may.
   */
  scope?: RouteScope;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload the service reads itself (no JSON body): the file's form field. */
  upload?: { field: string };
  /** The success answer's media type when it is not JSON (an image, a calendar). */
  produces?: string;
  response: Record<number, z.ZodType>;
}

export function defineRoute<T extends RouteContract>(route: T): T {
  return route;
}

/**
 * The header a write carries so it can be sent again safely (Stripe's convention): the same key and
 * body within 24 hours answer the first result, the same key with another body is refused (422).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer given from a key's record rather than by doing the write again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** The methods that write, and so take an Idempotency-Key. */
export const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What an Idempotency-Key may be: 1 to 255 visible ASCII characters (a UUID is the usual one). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

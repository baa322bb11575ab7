import type { ErrorDetail, HttpMethod, RouteContract } from '@commonwork/contracts';
import type { z } from 'zod';
import { ApiError } from './errors.ts';
import { readToken, removeStoredSession } from './session.ts';
import { type Query, type QueryValue, urlOf } from './url.ts';

/**
 * How a call authenticates: `session` (default) sends the stored bearer token and treats a 401 as
 * an expired session; `none` sends no token; `{ token }` sends that token (e.g. a sign-in that is
 * not finished yet) and leaves the session alone on a 401.
 */
export type RequestAuth = 'session' | 'none' | { token: string };

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Registers what happens when a session call gets a 401 (the AuthProvider clears its state and goes
 * to /login). Without a listener the client clears storage and loads /login itself.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function handleUnauthorized(): void {
  if (unauthorizedListeners.size === 0) {
    removeStoredSession();
    window.location.assign('/login');
    return;
  }
  for (const listener of unauthorizedListeners) listener();
}

function bearerFor(auth: RequestAuth): string | null {
  if (auth === 'none') return null;
  if (auth === 'session') return readToken();
  return auth.token;
}

function isDetails(value: unknown): value is ErrorDetail[] {
  return Array.isArray(value) && value.every((d) => typeof d === 'object' && d !== null && 'field' in d && 'message' in d);
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty body): fall through to a generic message.
  }
  if (typeof body === 'object' && body !== null) {
    const { message, error, details } = body as { message?: unknown; error?: unknown; details?: unknown };
    return new ApiError(
      typeof message === 'string' ? message : '',
      response.status,
      typeof error === 'string' ? error : undefined,
      isDetails(details) ? details : [],
      body,
    );
  }
  return new ApiError('', response.status);
}

/**
 * A route contract's input, as `call` takes it: `params` when its path has some, `query` when it
 * reads a query string (its parsed fields, each optional: the server fills defaults), `body` when it
 * takes one. `auth` defaults to none for a `public` route and to the session otherwise.
 */
export type CallInput<C extends RouteContract> = ParamsInput<C> &
  QueryInput<C> &
  BodyInput<C> & {
    auth?: RequestAuth;
    signal?: AbortSignal;
  };

type ParamsInput<C> = C extends { params: infer S extends z.ZodType } ? { params: z.input<S> } : { params?: never };
type QueryInput<C> = C extends { querystring: z.ZodType } ? { query?: QueryOf<C> } : { query?: never };
type BodyInput<C> = C extends { body: infer S extends z.ZodType }
  ? undefined extends z.input<S>
    ? { body?: z.input<S> }
    : { body: z.input<S> }
  : { body?: never };

/**
 * A route's query as the web sends it: the fields its schema parses to, all optional, scalars only.
 * Typed by the output, not the input: a coerced number's input type is `unknown`.
 */
export type QueryOf<C> = C extends { querystring: infer S extends z.ZodType }
  ? { [K in keyof z.output<S>]?: Extract<z.output<S>[K], QueryValue> }
  : never;

/** What a route answers on success: the output of its 200 (or 201) response schema. */
export type ResponseOf<C extends RouteContract> = z.output<C['response'][Extract<keyof C['response'], 200 | 201>]>;

/** The arguments after the contract: the input may be left out only when nothing in it is required. */
type CallArgs<C extends RouteContract> = Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

interface LooseInput {
  params?: Readonly<Record<string, unknown>>;
  query?: Query;
  body?: unknown;
  auth?: RequestAuth;
  signal?: AbortSignal;
}

/**
 * Calls one route of the contracts' route table: the path from its `url` (params URI-encoded), the
 * method from its `method`, the query serialised (undefined left out), a JSON body only when there
 * is one. Resolves to the route's success body; throws `ApiError` for a non-2xx answer (its message
 * may be empty: callers supply their fallback). A 401 on a session call ends the session.
 */
export function call<C extends RouteContract>(contract: C, ...[input]: CallArgs<C>): Promise<ResponseOf<C>> {
  // The contract's types were checked on the way in; the answer is the server's, read as the contract says.
  return callRoute(contract, input ?? {}) as Promise<ResponseOf<C>>;
}

function callRoute(contract: RouteContract, input: LooseInput): Promise<unknown> {
  const { params, query, body, auth = contract.auth === 'public' ? 'none' : 'session', signal } = input;
  return send(urlOf(contract.url, params, query), contract.method, body, auth, signal);
}

async function send(path: string, method: HttpMethod, body: unknown, auth: RequestAuth, signal: AbortSignal | undefined): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = bearerFor(auth);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  if (!response.ok) {
    if (response.status === 401 && auth === 'session' && token) handleUnauthorized();
    throw await toApiError(response);
  }
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

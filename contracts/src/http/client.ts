import type { z } from 'zod';
import type { ErrorBody, ErrorDetail } from '../errors.ts';
import { type HttpMethod, IDEMPOTENCY_KEY_HEADER, type RouteContract, WRITE_METHODS } from './route.ts';
import { type Query, type QueryValue, urlOf } from './url.ts';

/**
 * The one way to call the public API, for every caller: the web app, realtime, the gateway's BFF,
 * tests, benchmarks and the browser tests' helpers. A route is named by its contract, never by a
 * path, so a changed route fails to compile in each caller.
 */
export interface ApiClientOptions {
  /** Put before every path: the gateway's or a service's origin; '' (the default) calls the page's own origin. */
  baseUrl?: string;
  /** The bearer token for a call that names none; none by default. Not asked for a `public` route. */
  token?: () => string | null | undefined;
  /** How a request goes out. Default: the global fetch; services pass the kit's pooled one. */
  fetch?: Exchange;
  /** Headers sent with every call (a correlation id, a forwarded address). */
  headers?: () => Record<string, string>;
  /**
   * Checks every answer against the route's response schema for its status, and refuses a status the
   * route does not declare (tests: a drifted answer fails where it is made). Default: off.
   */
  checkAnswers?: boolean;
}

/**
 * The part of `fetch` the client uses, so a server can send its calls another way (a pooled HTTP
 * client without the cost of WHATWG streams) while the browser keeps the global `fetch`.
 */
export type Exchange = (url: string, init: ExchangeInit) => Promise<Exchanged>;
export interface ExchangeInit {
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  signal: AbortSignal | undefined;
}
/** An answer as the client reads it: its status, its headers by name and its body as text. */
export interface Exchanged {
  status: number;
  headers: AnswerHeaders;
  text(): Promise<string>;
}
export interface AnswerHeaders {
  /** The header's value (a repeated header's values joined by ', '), or null. */
  get(name: string): string | null;
}

/**
 * A route contract's input: `params` when its path has some, `query` when it reads a query string
 * (its parsed fields, each optional: the server fills defaults), `body` when it takes one (a
 * `FormData` for an upload). `token` overrides the client's: a string, or null for none.
 */
export type CallInput<C extends RouteContract> = ParamsInput<C> &
  QueryInput<C> &
  BodyInput<C> & {
    token?: string | null;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /**
     * A write's Idempotency-Key; a fresh one for each call by default. A caller that sends the same
     * write again (a retry of its own) passes the key of the first, so the write is done once; null
     * sends none (a write that is idempotent by an id of its own, as a message's `clientId`).
     */
    idempotencyKey?: string | null;
  };

type ParamsInput<C> = C extends { params: infer S extends z.ZodType } ? { params: z.input<S> } : { params?: never };
type QueryInput<C> = C extends { querystring: z.ZodType } ? { query?: QueryOf<C> } : { query?: never };
type BodyInput<C> = C extends { upload: object }
  ? { body: FormData }
  : C extends { body: infer S extends z.ZodType }
    ? undefined extends z.input<S>
      ? { body?: z.input<S> }
      : { body: z.input<S> }
    : { body?: never };

/**
 * A route's query as a client sends it: the fields its schema parses to, all optional, scalars only.
 * Typed by the output, not the input: a coerced number's input type is `unknown`.
 */
export type QueryOf<C> = C extends { querystring: infer S extends z.ZodType }
  ? { [K in keyof z.output<S>]?: Extract<z.output<S>[K], QueryValue> }
  : never;

type SuccessStatus<C extends RouteContract> = Extract<keyof C['response'], 200 | 201 | 202 | 204>;

/** What a route answers on success: the output of its 2xx response schema. */
export type ResponseOf<C extends RouteContract> = z.output<C['response'][SuccessStatus<C>]>;

/** What a route answers with `status`, as its contract declares it. */
export type AnswerAt<C extends RouteContract, S extends keyof C['response']> = z.output<C['response'][S]>;

/** The arguments after the contract: the input may be left out only when nothing in it is required. */
export type CallArgs<C extends RouteContract> = Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** An input as it goes on the wire; `sendUnchecked` takes one to send what the contract refuses. */
export interface LooseInput {
  params?: Readonly<Record<string, unknown>>;
  query?: Query;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  idempotencyKey?: string | null;
}

/**
 * A whole answer, whatever its status. `body` is typed as the success body, with an error body's
 * fields beside it (the status tells which came); `at(status)` reads it as the contract says that
 * status answers (a 409 that carries the stored record).
 */
export interface Answer<C extends RouteContract> {
  status: number;
  headers: AnswerHeaders;
  body: BodyOf<C>;
  at<S extends keyof C['response'] & number>(status: S): AnswerAt<C, S>;
}

type ErrorFields = Partial<Pick<ErrorBody, 'error' | 'message' | 'details'>>;
type BodyOf<C extends RouteContract> = ResponseOf<C> extends object ? ResponseOf<C> & ErrorFields : ErrorFields | undefined;

/** A non-2xx answer, as `call` throws it: the server's message, status, stable code and per-field details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: ErrorDetail[];
  /** The whole answer, for the few errors that carry more (a 409 with the stored draft). */
  readonly body: unknown;

  constructor(message: string, status: number, code?: string, details: ErrorDetail[] = [], body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }
}

/** A typed client of the route table. */
export interface ApiClient {
  /** The success body; throws `ApiError` for any other answer. */
  call<C extends RouteContract>(route: C, ...[input]: CallArgs<C>): Promise<ResponseOf<C>>;
  /** The whole answer, whatever its status (tests read refusals with it). */
  send<C extends RouteContract>(route: C, ...[input]: CallArgs<C>): Promise<Answer<C>>;
  /** As `send`, with input the contract would refuse: for tests that check the refusal. */
  sendUnchecked<C extends RouteContract>(route: C, input: LooseInput): Promise<Answer<C>>;
}

const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/**
 * A random UUID (version 4). `crypto.randomUUID` exists only in secure contexts, and the app may be
 * served over plain HTTP on a local network; `getRandomValues` exists in every context.
 */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = '', checkAnswers = false } = options;

  async function exchange(route: RouteContract, input: LooseInput) {
    const { params, query, body, signal } = input;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.(), ...input.headers };
    const token = input.token !== undefined ? input.token : route.auth === 'public' ? null : options.token?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (
      WRITE_METHODS.has(route.method) &&
      input.idempotencyKey !== null &&
      !Object.keys(headers).some((name) => name.toLowerCase() === KEY_HEADER)
    )
      headers[IDEMPOTENCY_KEY_HEADER] = input.idempotencyKey ?? newKey();
    const response = await (options.fetch ?? fetch)(`${baseUrl}${urlOf(route.url, params, query)}`, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
      signal,
    });
    const payload = await readBody(response);
    if (checkAnswers) checkAnswer(route, response.status, payload);
    return { response, payload };
  }

  async function send(route: RouteContract, input: LooseInput = {}): Promise<Answer<RouteContract>> {
    const { response, payload } = await exchange(route, input);
    return {
      status: response.status,
      headers: response.headers,
      body: payload as never,
      at: (status) => {
        if (response.status !== status) throw new Error(`${route.method} ${route.url} answered ${response.status}, not ${status}`);
        return payload as never;
      },
    };
  }

  return {
    call: async (route, ...[input]) => {
      const { response, payload } = await exchange(route, (input ?? {}) as LooseInput);
      if (response.status < 200 || response.status > 299) throw errorOf(response.status, payload);
      // The input was checked by the contract's types; the answer is the server's, read as the contract says.
      return payload as never;
    },
    send: (route, ...[input]) => send(route, (input ?? {}) as LooseInput) as never,
    sendUnchecked: (route, input) => send(route, input) as never,
  };
}

/** JSON, or the text when it is not (an image, a calendar); undefined when empty. */
async function readBody(response: Exchanged): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a failed answer says, read field by field: a proxy's or an older server's body may carry only some. */
function errorOf(status: number, payload: unknown): ApiError {
  if (typeof payload !== 'object' || payload === null) return new ApiError('', status, undefined, [], payload ?? null);
  const { message, error, details } = payload as Record<string, unknown>;
  return new ApiError(
    typeof message === 'string' ? message : '',
    status,
    typeof error === 'string' ? error : undefined,
    areDetails(details) ? details : [],
    payload,
  );
}

function areDetails(details: unknown): details is ErrorDetail[] {
  return (
    Array.isArray(details) &&
    details.every((d) => typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string')
  );
}

/**
 * The error body's shape, checked by hand: this module runs in the web's first bundle, which must not
 * load zod for it (contracts' `ErrorBody` schema says the same).
 */
function isErrorBody(payload: unknown): payload is ErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { success, message, error, details } = payload as Record<string, unknown>;
  return success === false && typeof message === 'string' && typeof error === 'string' && (details === undefined || areDetails(details));
}

function checkAnswer(route: RouteContract, status: number, payload: unknown) {
  const where = `${route.method} ${route.url} → ${status}`;
  const schema = route.response[status];
  if (!schema) {
    if (status >= 400 && isErrorBody(payload)) return;
    throw new Error(`${where}: a status the route does not declare`);
  }
  // Non-JSON answers (`produces`) are the bytes themselves; their schema only describes them.
  if (route.produces && status < 300) return;
  if (payload === undefined && status === 204) return;
  const result = schema.safeParse(payload);
  if (!result.success) throw new Error(`${where}: the answer does not match the contract: ${result.error.message}`);
}

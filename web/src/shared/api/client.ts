import type { ErrorDetail } from '@commonwork/contracts';
import { ApiError } from './errors.ts';
import { readToken, removeStoredSession } from './session.ts';

/**
 * How a call authenticates: `session` (default) sends the stored bearer token and treats a 401 as
 * an expired session; `none` sends no token; `{ token }` sends that token (e.g. a sign-in that is
 * not finished yet) and leaves the session alone on a 401.
 */
export type RequestAuth = 'session' | 'none' | { token: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Default: 'session'. */
  auth?: RequestAuth;
  signal?: AbortSignal;
}

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
    );
  }
  return new ApiError('', response.status);
}

/**
 * Calls the platform API on a relative `/api/...` path and returns the parsed JSON body.
 * Throws `ApiError` for a non-2xx answer (message may be empty: callers supply their fallback).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'session', signal } = options;
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
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

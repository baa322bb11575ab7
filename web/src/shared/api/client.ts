import { type CallInput as ContractInput, createApiClient, type QueryOf, type ResponseOf, type RouteContract } from '@commonwork/contracts';
import { ApiError } from './errors.ts';
import { readToken, removeStoredSession } from './session.ts';

export type { QueryOf, ResponseOf };

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

function tokenFor(auth: RequestAuth): string | null {
  if (auth === 'none') return null;
  if (auth === 'session') return readToken();
  return auth.token;
}

/**
 * A route contract's input, as `call` takes it (contracts' typed client's), with `auth` in place of
 * a token: none for a `public` route and the session otherwise, by default.
 */
export type CallInput<C extends RouteContract> = Omit<ContractInput<C>, 'token' | 'headers'> & { auth?: RequestAuth };

type CallArgs<C extends RouteContract> = Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

// Same origin: the gateway serves the app and the API. The global fetch is read at each call (tests stub it).
const api = createApiClient({ fetch: (...args) => fetch(...args) });

/**
 * Calls one route of the contracts' route table through contracts' typed client. Resolves to the
 * route's success body; throws `ApiError` for a non-2xx answer (its message may be empty: callers
 * supply their fallback). A 401 on a session call ends the session.
 */
export async function call<C extends RouteContract>(contract: C, ...[input]: CallArgs<C>): Promise<ResponseOf<C>> {
  const { auth = contract.auth === 'public' ? 'none' : 'session', ...rest } = (input ?? {}) as CallInput<RouteContract>;
  const token = tokenFor(auth);
  try {
    return (await api.call(contract as RouteContract, { ...rest, token } as never)) as ResponseOf<C>;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && auth === 'session' && token) handleUnauthorized();
    throw error;
  }
}

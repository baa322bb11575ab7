import { STORAGE_KEYS, type User } from '@commonwork/contracts';

/** The signed-in user as kept in local storage: the contracts `User` plus the platform's access token. */
export type SessionUser = User & { token?: string };

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { id?: unknown; _id?: unknown };
  return typeof candidate.id === 'string' || typeof candidate._id === 'string';
}

/**
 * Reads the stored user. A value that does not parse (or is not a user) is logged and removed,
 * so a corrupt entry cannot keep breaking start-up.
 */
function readStoredUser(): SessionUser | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.user);
  } catch (error) {
    console.error('Could not read the stored user', error);
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isSessionUser(parsed)) throw new Error('Stored user has no id');
    return parsed;
  } catch (error) {
    console.error('Could not parse the stored user; removing it', error);
    clearStorage();
    return null;
  }
}

function clearStorage(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.user);
    localStorage.removeItem(STORAGE_KEYS.token);
  } catch (error) {
    console.error('Could not clear the stored session', error);
  }
}

// The session lives outside React and is read synchronously, so the first render already knows who
// is signed in (a pre-rendered page waits until hydrated: AuthProvider).
const listeners = new Set<() => void>();
let current: SessionUser | null | undefined;

function publish(user: SessionUser | null): void {
  current = user;
  for (const listener of listeners) listener();
}

/**
 * The signed-in user, or null; read from storage once, then kept in memory (for React's
 * `useSyncExternalStore`). The build's pre-render has no storage: no one.
 */
export function currentSession(): SessionUser | null {
  if (typeof localStorage === 'undefined') return null;
  current ??= readStoredUser();
  return current;
}

/** Calls `listener` whenever the session is stored or removed; returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the user, and its token when it carries one. Storage failures are logged, never thrown; the session holds in memory. */
export function storeSession(user: SessionUser): void {
  try {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    if (user.token) localStorage.setItem(STORAGE_KEYS.token, user.token);
  } catch (error) {
    console.error('Could not store the session', error);
  }
  publish(user);
}

/** Removes both stored entries ('user' and 'token') and ends the session. Failures are logged, never thrown. */
export function removeStoredSession(): void {
  clearStorage();
  publish(null);
}

/** The bearer token: the stored 'token' entry, else the stored user's token. */
export function readToken(): string | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    if (token) return token;
  } catch (error) {
    console.error('Could not read the stored token', error);
    return null;
  }
  return currentSession()?.token ?? null;
}

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
export function readStoredUser(): SessionUser | null {
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
    removeStoredSession();
    return null;
  }
}

/** Stores the user, and its token when it carries one. Failures are logged, never thrown. */
export function storeSession(user: SessionUser): void {
  try {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    if (user.token) localStorage.setItem(STORAGE_KEYS.token, user.token);
  } catch (error) {
    console.error('Could not store the session', error);
  }
}

/** Removes both stored entries ('user' and 'token'). Failures are logged, never thrown. */
export function removeStoredSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.user);
    localStorage.removeItem(STORAGE_KEYS.token);
  } catch (error) {
    console.error('Could not clear the stored session', error);
  }
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
  return readStoredUser()?.token ?? null;
}

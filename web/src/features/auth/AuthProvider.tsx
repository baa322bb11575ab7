import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  currentSession,
  onUnauthorized,
  readToken,
  removeStoredSession,
  type SessionUser,
  storeSession,
  subscribeSession,
} from '../../shared/api/index.ts';
import { useHydrated } from '../../shared/hooks/useHydrated.tsx';

interface AuthContextValue {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /**
   * True only while a page pre-rendered at build time hydrates: the build knows no one, so the page
   * is drawn as it looks before its person is known; the next render has the stored session.
   */
  isLoading: boolean;
  login: (user: SessionUser) => void;
  /** A user stores it (and its token); `null` signs out without navigating. */
  updateUser: (user: SessionUser | null) => void;
  /** Ends the session on the server, then here whatever the server answered, and goes to /. */
  logout: () => Promise<void>;
  /** Ends every session of the person on the server (this one included), then here; throws when the server did not. */
  signOutEverywhere: () => Promise<void>;
  /** True after a call was refused with 401: the session ended by itself, not by logout. */
  sessionExpired: boolean;
}

/** Shown on /login after a 401 ended the session: its id in the auth catalog (AuthPage translates it; the catalog stays out of the entry). */
export const SESSION_EXPIRED = 'auth.sessionExpired';

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session (spec 000 §4): read from local storage on start, kept in memory and storage. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const session = useSyncExternalStore(subscribeSession, currentSession, currentSession);
  // A pre-rendered page is drawn for no one known yet; the session shows once it has hydrated.
  const isLoading = !useHydrated();
  const user = isLoading ? null : session;
  const [sessionExpired, setSessionExpired] = useState(false);

  const login = useCallback((next: SessionUser) => {
    setSessionExpired(false);
    storeSession(next);
  }, []);

  const updateUser = useCallback((next: SessionUser | null) => {
    if (next) storeSession(next);
    else removeStoredSession();
  }, []);

  // The calls are loaded when used: the entry every page loads stays without them.
  const logout = useCallback(async () => {
    const token = readToken();
    if (token) {
      // The server ends the session first, so the token is refused everywhere; unreachable, it still ends here.
      await import('./signOut.ts').then(({ endSessionOnServer }) => endSessionOnServer(token)).catch(() => undefined);
    }
    removeStoredSession();
    navigate('/');
  }, [navigate]);

  const signOutEverywhere = useCallback(async () => {
    const token = readToken();
    if (token) await import('./signOut.ts').then(({ endEverySessionOnServer }) => endEverySessionOnServer(token));
    removeStoredSession();
    navigate('/');
  }, [navigate]);

  useEffect(
    () =>
      onUnauthorized(() => {
        setSessionExpired(true);
        removeStoredSession();
        navigate('/login', { replace: true, state: { error: SESSION_EXPIRED } });
      }),
    [navigate],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAuthenticated: user !== null, isLoading, login, updateUser, logout, signOutEverywhere, sessionExpired }),
    [user, isLoading, login, updateUser, logout, signOutEverywhere, sessionExpired],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { onUnauthorized, readStoredUser, removeStoredSession, type SessionUser, storeSession } from '../../shared/api/index.ts';

interface AuthContextValue {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** True until the stored session has been restored on start. */
  isLoading: boolean;
  login: (user: SessionUser) => void;
  /** A user stores it (and its token); `null` signs out without navigating. */
  updateUser: (user: SessionUser | null) => void;
  logout: () => void;
  /** True after a call was refused with 401: the session ended by itself, not by logout. */
  sessionExpired: boolean;
}

/** Shown on /login after a 401 ended the session. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session (spec 000 §4): restored from local storage on start, kept in memory and storage. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [sessionExpired, setSessionExpired] = useState(false);

  useEffect(() => {
    setUser(readStoredUser());
    setIsLoading(false);
  }, []);

  const login = useCallback((next: SessionUser) => {
    setSessionExpired(false);
    setUser(next);
    storeSession(next);
  }, []);

  const updateUser = useCallback((next: SessionUser | null) => {
    setUser(next);
    if (next) storeSession(next);
    else removeStoredSession();
  }, []);

  const logout = useCallback(() => {
    setUser(null);
    removeStoredSession();
    navigate('/');
  }, [navigate]);

  useEffect(
    () =>
      onUnauthorized(() => {
        setSessionExpired(true);
        setUser(null);
        removeStoredSession();
        navigate('/login', { replace: true, state: { error: SESSION_EXPIRED_MESSAGE } });
      }),
    [navigate],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAuthenticated: user !== null, isLoading, login, updateUser, logout, sessionExpired }),
    [user, isLoading, login, updateUser, logout, sessionExpired],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

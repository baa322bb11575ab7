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
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session (spec 000 §4): restored from local storage on start, kept in memory and storage. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  useEffect(() => {
    setUser(readStoredUser());
    setIsLoading(false);
  }, []);

  const login = useCallback((next: SessionUser) => {
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
        setUser(null);
        removeStoredSession();
        navigate('/login', { replace: true });
      }),
    [navigate],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAuthenticated: user !== null, isLoading, login, updateUser, logout }),
    [user, isLoading, login, updateUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SESSION_EXPIRED, useAuth } from '../features/auth/AuthProvider.tsx';

/**
 * Signed-in routes: a visitor goes to the landing page with its sign-in dialog open, back here once
 * signed in (or to /login when a 401 has just ended the session). While the session is not known
 * (a page pre-rendered at build time, as it hydrates) the screen is drawn as a signed-in person first
 * sees it, without their data; the next render knows the session.
 */
export function ProtectedRoute() {
  const { isAuthenticated, isLoading, sessionExpired } = useAuth();
  const { pathname, search } = useLocation();
  if (isLoading) return <Outlet />;
  if (!isAuthenticated) {
    if (sessionExpired) return <Navigate to="/login" replace state={{ error: SESSION_EXPIRED }} />;
    return <Navigate to="/" replace state={{ signIn: true, from: `${pathname}${search}` }} />;
  }
  return <Outlet />;
}

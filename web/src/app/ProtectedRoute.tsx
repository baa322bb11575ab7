import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SESSION_EXPIRED_MESSAGE, useAuth } from '../features/auth/AuthProvider.tsx';
import { LoadingScreen } from '../shared/ui/Spinner.tsx';

/**
 * Signed-in routes: waits for the session restore, then sends a visitor to the landing page with its
 * sign-in dialog open, back here once signed in (or to /login when a 401 has just ended the session).
 */
export function ProtectedRoute() {
  const { isAuthenticated, isLoading, sessionExpired } = useAuth();
  const { pathname, search } = useLocation();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) {
    if (sessionExpired) return <Navigate to="/login" replace state={{ error: SESSION_EXPIRED_MESSAGE }} />;
    return <Navigate to="/" replace state={{ signIn: true, from: `${pathname}${search}` }} />;
  }
  return <Outlet />;
}

import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { LoadingScreen } from '../shared/ui/Spinner.tsx';

/** Signed-in routes: waits for the session restore, then sends a visitor to the landing page. */
export function ProtectedRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}

import { Hash } from 'lucide-react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { buttonPrimary } from '../../shared/ui/classes.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { AUTH_MESSAGES } from '../auth/messages.ts';

/**
 * /join/channel/{joinLink}: a public route that needs a signed-in user. A visitor goes to /login
 * with 'Please login to join the channel' and comes back here after signing in.
 */
export function JoinChannelPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const { joinLink = '' } = useParams();
  const location = useLocation();

  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ error: AUTH_MESSAGES.joinRequiresLogin, from: location.pathname }} />;
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 p-6 dark:bg-slate-950">
      <Link to="/dashboard" aria-label="Commonwork dashboard">
        <Logo />
      </Link>
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <span className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300">
          <Hash className="h-6 w-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-bold text-slate-900 dark:text-white">Join channel</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          You have an invitation link to a community channel. Joining by link opens with the community channels.
        </p>
        <p className="mt-3 truncate rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {joinLink}
        </p>
        <Link to="/community" className={`${buttonPrimary} mt-6`}>
          Go to Community
        </Link>
      </section>
    </main>
  );
}

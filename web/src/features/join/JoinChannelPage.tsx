import { TIMINGS } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import AlertCircle from 'lucide-react/icons/alert-circle';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import Hash from 'lucide-react/icons/hash';
import Loader2 from 'lucide-react/icons/loader-2';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/index.ts';
import { buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import { CHANNELS_KEY } from '../community/api.ts';
import { joinChannelByLink } from './api.ts';
import { useT } from './locales/index.ts';
import { JOIN_MESSAGES } from './messages.ts';

/** Spec 002 §2, §4: idle, joining, then joined (redirect after 2 s) or error. */
type JoinState =
  | { status: 'idle' }
  | { status: 'joining' }
  | { status: 'success'; name: string; channelId: string }
  | { status: 'error'; message: string };

/**
 * /join/channel/{joinLink}: a public route that needs a signed-in user. A visitor goes to /login
 * with 'Please login to join the channel' and comes back here after signing in.
 */
export function JoinChannelPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();

  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ error: AUTH_MESSAGES.joinRequiresLogin, from: location.pathname }} />;
  }
  return <JoinChannel />;
}

function JoinChannel() {
  const { joinLink = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<JoinState>({ status: 'idle' });
  const started = useRef(false);
  const t = useT();

  const join = useCallback(async () => {
    setState({ status: 'joining' });
    try {
      const { name, channelId } = await joinChannelByLink(joinLink);
      toast.success(JOIN_MESSAGES.joined(name));
      // The community screen reads the list again and opens this channel.
      void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true });
      setState({ status: 'success', name, channelId });
    } catch (error) {
      const message = errorMessage(error, JOIN_MESSAGES.failed());
      toast.error(message);
      setState({ status: 'error', message });
    }
  }, [joinLink, queryClient]);

  // Opening the link joins once (a development double-mount must not join twice).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void join();
  }, [join]);

  const joinedChannel = state.status === 'success' ? state.channelId : null;
  useEffect(() => {
    if (!joinedChannel) return;
    const timer = window.setTimeout(
      () => navigate('/community', { replace: true, state: { channelId: joinedChannel } }),
      TIMINGS.joinRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [joinedChannel, navigate]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 p-6 dark:bg-slate-950">
      <Link to="/dashboard" aria-label={t('join.home')}>
        <Logo />
      </Link>
      <section
        aria-labelledby="join-title"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <JoinBody state={state} onRetry={() => void join()} />
      </section>
    </main>
  );
}

function Badge({ tone, children }: { tone: 'green' | 'red'; children: ReactNode }) {
  const colours =
    tone === 'green'
      ? 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300'
      : 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300';
  return <span className={`mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full ${colours}`}>{children}</span>;
}

function JoinBody({ state, onRetry }: { state: JoinState; onRetry: () => void }) {
  const t = useT();
  switch (state.status) {
    case 'idle':
    case 'joining':
      return (
        <div role="status" aria-live="polite">
          <Badge tone="green">
            <Loader2 className="h-6 w-6 animate-spin" aria-hidden="true" />
          </Badge>
          <h1 id="join-title" className="text-xl font-bold text-slate-900 dark:text-white">
            {t('join.joining')}
          </h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('join.checking')}</p>
        </div>
      );
    case 'success':
      return (
        <div role="status" aria-live="polite">
          <Badge tone="green">
            <CheckCircle2 className="h-6 w-6" aria-hidden="true" />
          </Badge>
          <h1 id="join-title" className="text-xl font-bold text-slate-900 dark:text-white">
            {JOIN_MESSAGES.joined(state.name)}
          </h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('join.redirecting')}</p>
          <Link to="/community" state={{ channelId: state.channelId }} replace className={`${buttonPrimary} mt-6`}>
            <Hash className="h-4 w-4" aria-hidden="true" />
            {t('join.goToCommunity')}
          </Link>
        </div>
      );
    case 'error':
      return (
        <div role="alert">
          <Badge tone="red">
            <AlertCircle className="h-6 w-6" aria-hidden="true" />
          </Badge>
          <h1 id="join-title" className="text-xl font-bold text-slate-900 dark:text-white">
            {JOIN_MESSAGES.failed()}
          </h1>
          {state.message !== JOIN_MESSAGES.failed() && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{state.message}</p>}
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
            <button type="button" onClick={onRetry} className={buttonPrimary}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t('join.tryAgain')}
            </button>
            <Link to="/community" className={buttonSecondary}>
              {t('join.goToCommunity')}
            </Link>
          </div>
        </div>
      );
    default: {
      const never: never = state;
      return never;
    }
  }
}

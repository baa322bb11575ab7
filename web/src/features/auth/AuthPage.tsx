import Briefcase from 'lucide-react/icons/briefcase';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Users from 'lucide-react/icons/users';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Banner } from '../../shared/ui/Banner.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { ThemeToggle } from '../../shared/ui/ThemeToggle.tsx';
import { useAuth } from './AuthProvider.tsx';
import english from './locales/en.json';
import { useT } from './locales/index.ts';
import type { AuthMode } from './messages.ts';
import { SignInPanel } from './SignInPanel.tsx';

const COPY = {
  login: {
    title: 'auth.page.login.title',
    subtitle: 'auth.page.login.subtitle',
    switchPrompt: 'auth.page.login.switchPrompt',
    switchLabel: 'auth.page.login.switchLabel',
    switchTo: '/signup',
  },
  signup: {
    title: 'auth.page.signup.title',
    subtitle: 'auth.page.signup.subtitle',
    switchPrompt: 'auth.page.signup.switchPrompt',
    switchLabel: 'auth.page.signup.switchLabel',
    switchTo: '/login',
  },
} as const;

const PILLARS = [
  { icon: Briefcase, text: 'auth.page.pillar.marketplace' },
  { icon: Users, text: 'auth.page.pillar.communities' },
  { icon: CalendarDays, text: 'auth.page.pillar.events' },
] as const;

/** A redirect's message: an auth message's id (a session that expired, a join link), else words as they came. */
const isAuthMessage = (message: string): message is keyof typeof english => Object.hasOwn(english, message);

/** The /login and /signup screens: brand panel, sign-in methods, link to the other page. */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  const state = location.state as { error?: unknown; from?: unknown } | null;
  // A pre-rendered page (drawn for a visitor) hydrates as drawn; the history entry's message and a
  // signed-in person's redirect follow in the next render.
  const redirectError = !isLoading && typeof state?.error === 'string' ? state.error : null;
  const copy = COPY[mode];
  const t = useT();

  if (isAuthenticated) {
    const from = typeof state?.from === 'string' ? state.from : '/dashboard';
    return <Navigate to={from} replace />;
  }

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-950">
      <aside className="relative hidden w-2/5 flex-col justify-between overflow-hidden bg-gradient-to-br from-green-600 via-green-700 to-emerald-900 p-10 text-white lg:flex">
        <Link to="/" aria-label={t('auth.page.home')}>
          <Logo />
        </Link>
        <div>
          <h2 className="text-3xl font-bold leading-tight">{t('auth.page.identity')}</h2>
          <ul className="mt-8 space-y-4">
            {PILLARS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-green-50">
                <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                {t(text)}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-green-100">{t('auth.page.free')}</p>
      </aside>
      <main className="flex flex-1 flex-col">
        <div className="flex items-center justify-between p-4 lg:justify-end">
          <Link to="/" aria-label={t('auth.page.home')} className="lg:hidden">
            <Logo width={100} height={32} />
          </Link>
          <ThemeToggle />
        </div>
        <div className="flex flex-1 items-center justify-center px-4 pb-12">
          <div className="w-full max-w-md space-y-6">
            <div>
              <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t(copy.title)}</h1>
              <p className="mt-2 text-slate-600 dark:text-slate-400">{t(copy.subtitle)}</p>
            </div>
            {redirectError && <Banner tone="error">{isAuthMessage(redirectError) ? t(redirectError) : redirectError}</Banner>}
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <SignInPanel mode={mode} />
            </div>
            <p className="text-center text-sm text-slate-600 dark:text-slate-400">
              {t(copy.switchPrompt)}{' '}
              <Link to={copy.switchTo} state={location.state} className="font-semibold text-green-700 hover:underline dark:text-green-400">
                {t(copy.switchLabel)}
              </Link>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}

export function LoginPage() {
  return <AuthPage mode="login" />;
}

export function SignupPage() {
  return <AuthPage mode="signup" />;
}

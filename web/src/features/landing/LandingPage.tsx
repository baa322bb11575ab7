import ArrowRight from 'lucide-react/icons/arrow-right';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { FEATURES, LANDING_FAQ, SUPPORT_EMAIL } from './content.ts';
import { Faq } from './Faq.tsx';
import { LandingHeader } from './LandingHeader.tsx';
import { useT } from './locales/index.ts';

function Hero() {
  const t = useT();
  return (
    <section className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-b from-green-50 to-white dark:from-green-950/40 dark:to-slate-950" />
      <div className="relative mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 lg:py-28">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-green-100 px-4 py-1 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-300">
          {t('landing.hero.audience')}
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
          {t('landing.hero.title')}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-400">{t('landing.hero.lead')}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/signup" className={`${buttonPrimary} px-6 py-3 text-base`}>
            {t('landing.hero.getStarted')}
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
          <Link to="/login" className={`${buttonSecondary} px-6 py-3 text-base`}>
            {t('landing.account.login')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function Features() {
  const t = useT();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <h2 id="features-title" className="text-center text-3xl font-bold text-slate-900 dark:text-white">
        {t('landing.features.title')}
      </h2>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ title, description, points, icon: Icon }) => (
          <article
            key={title}
            className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm transition hover:-translate-y-1 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-slate-900 dark:text-white">{t(title)}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-400">{t(description)}</p>
            <ul className="mt-4 space-y-2">
              {points.map((point) => (
                <li key={point} className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
                  {t(point)}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}

function FaqSection() {
  const t = useT();
  return (
    <section aria-labelledby="faq-title" className="bg-slate-50 py-20 dark:bg-slate-900/40">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-title" className="text-center text-3xl font-bold text-slate-900 dark:text-white">
          {t('landing.faq.title')}
        </h2>
        <div className="mt-10">
          <Faq entries={LANDING_FAQ.map(({ question, answer }) => ({ question: t(question), answer: t(answer) }))} />
        </div>
        <div className="mt-10 flex flex-col items-center gap-3 text-center">
          <p className="text-slate-600 dark:text-slate-400">{t('landing.faq.more')}</p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonSecondary}>
            <LifeBuoy className="h-4 w-4" aria-hidden="true" />
            {t('landing.faq.contact')}
          </a>
        </div>
      </div>
    </section>
  );
}

function CallToAction() {
  const t = useT();
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="rounded-3xl bg-gradient-to-br from-green-600 to-emerald-800 px-6 py-14 text-center text-white">
        <h2 className="text-3xl font-bold">{t('landing.cta.title')}</h2>
        <p className="mx-auto mt-3 max-w-xl text-green-50">{t('landing.cta.lead')}</p>
        <Link
          to="/signup"
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-green-700 shadow hover:bg-green-50"
        >
          {t('landing.account.createProfile')}
        </Link>
      </div>
    </section>
  );
}

// Only a visitor sent here from a signed-in page sees it: its code loads then, not with the page.
const SignInModal = lazy(async () => ({ default: (await import('../auth/SignInModal.tsx')).SignInModal }));

/**
 * Opens the sign-in dialog when a signed-in page sent the visitor here (ProtectedRoute's `signIn`);
 * closing it forgets that, so a reload shows the page alone.
 */
function useSignInRequest() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { signIn?: unknown } | null;
  const close = useCallback(() => navigate(location.pathname, { replace: true, state: null }), [navigate, location.pathname]);
  return { open: state?.signIn === true, close };
}

/** The public landing page (spec 000 §1–2). */
export function LandingPage() {
  const signIn = useSignInRequest();
  const t = useT();
  return (
    <div className="min-h-screen bg-white dark:bg-slate-950">
      <LandingHeader />
      <main>
        <Hero />
        <Features />
        <FaqSection />
        <CallToAction />
      </main>
      <footer className="border-t border-slate-200 py-8 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 sm:flex-row sm:px-6">
          <Logo width={100} height={32} />
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('landing.footer', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
      {signIn.open && (
        <Suspense fallback={null}>
          <SignInModal onClose={signIn.close} />
        </Suspense>
      )}
    </div>
  );
}

import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Banner } from '../../shared/ui/Banner.tsx';
import { buttonSecondary } from '../../shared/ui/classes.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useAuthConfig } from './api.ts';
import { CompleteProfileModal } from './CompleteProfileModal.tsx';
import { DevSignInForm } from './DevSignInForm.tsx';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { useT } from './locales/index.ts';
import type { AuthMode } from './messages.ts';
import { useProviderSignIn } from './useProviderSignIn.ts';

type SignInFlow = ReturnType<typeof useProviderSignIn>;

/** The sign-in of the /login and /signup pages: the methods, then the profile completion step. */
export function SignInPanel({ mode }: { mode: AuthMode }) {
  const flow = useProviderSignIn(mode);
  const t = useT();
  return (
    <div className="space-y-5">
      {flow.signInClosed ? (
        <p className="text-center text-sm text-slate-500 dark:text-slate-400" role="status">
          {t('auth.panel.almostThere')}
        </p>
      ) : (
        <SignInMethods mode={mode} flow={flow} />
      )}
      <CompleteProfileModal pending={flow.pending} onClose={flow.cancelProfile} onComplete={flow.completeProfile} />
    </div>
  );
}

/** The sign-in methods this server offers (Google, the dev issuer), with the flow's error and progress. */
export function SignInMethods({ mode, flow }: { mode: AuthMode; flow: SignInFlow }) {
  const config = useAuthConfig();
  const t = useT();

  if (config.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (config.isError) {
    return (
      <div className="space-y-3">
        <Banner tone="error">{t('auth.panel.configFailed')}</Banner>
        <button type="button" className={buttonSecondary} onClick={() => void config.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('auth.panel.tryAgain')}
        </button>
      </div>
    );
  }

  const { googleClientId, devLogin } = config.data;
  return (
    <div className="space-y-5">
      {flow.error && <Banner tone="error">{flow.error}</Banner>}
      {googleClientId && (
        <GoogleSignInButton
          clientId={googleClientId}
          mode={mode}
          onCredential={(credential) => void flow.signInWithCredential(credential)}
        />
      )}
      {googleClientId && devLogin && (
        <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          {t('auth.panel.or')}
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>
      )}
      {devLogin && (
        <DevSignInForm mode={mode} disabled={flow.isSigningIn} onCredential={(credential) => void flow.signInWithCredential(credential)} />
      )}
      {!googleClientId && !devLogin && <Banner tone="info">{t('auth.panel.none')}</Banner>}
      {flow.isSigningIn && (
        <div className="flex items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400" role="status">
          <Spinner className="h-4 w-4" /> {t('auth.panel.signingIn')}
        </div>
      )}
    </div>
  );
}

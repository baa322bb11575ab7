import { useEffect, useRef, useState } from 'react';
import { useLocale } from '../../shared/i18n/index.ts';
import { useTheme } from '../../shared/theme/ThemeProvider.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { loadGoogleIdentity } from './google.ts';
import { useT } from './locales/index.ts';
import type { AuthMode } from './messages.ts';

interface GoogleSignInButtonProps {
  clientId: string;
  mode: AuthMode;
  /** Called with the credential Google returns; `undefined` when Google returned none. */
  onCredential: (credential: string | undefined) => void;
}

/** Google's own 'Sign in with Google' button, rendered by Google Identity Services once it loads. */
export function GoogleSignInButton({ clientId, mode, onCredential }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const { isDark } = useTheme();
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  // The GIS callback is registered once; keep it pointing at the latest handler.
  const handler = useRef(onCredential);
  handler.current = onCredential;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => handler.current(response.credential),
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: isDark ? 'filled_black' : 'outline',
          size: 'large',
          shape: 'pill',
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          width: 300,
          locale,
        });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('unavailable');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, isDark, locale]);

  return (
    <div className="flex min-h-11 justify-center">
      {state === 'loading' && <Spinner />}
      {state === 'unavailable' && <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t('auth.google.unavailable')}</p>}
      <div ref={container} />
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../shared/theme/ThemeProvider.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { loadGoogleIdentity } from './google.ts';
import type { AuthMode } from './messages.ts';

interface GoogleSignInButtonProps {
  clientId: string;
  mode: AuthMode;
  onCredential: (credential: string | undefined) => void;
  onError: () => void;
}

/** Google's own 'Sign in with Google' button, rendered by Google Identity Services once it loads. */
export function GoogleSignInButton({ clientId, mode, onCredential, onError }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const { isDark } = useTheme();
  const [ready, setReady] = useState(false);
  // The GIS callback is registered once; keep it pointing at the latest handlers.
  const handlers = useRef({ onCredential, onError });
  handlers.current = { onCredential, onError };

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => handlers.current.onCredential(response.credential),
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: isDark ? 'filled_black' : 'outline',
          size: 'large',
          shape: 'pill',
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          width: 300,
        });
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) handlers.current.onError();
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, isDark]);

  return (
    <div className="flex min-h-11 justify-center">
      {!ready && <Spinner />}
      <div ref={container} />
    </div>
  );
}

import { type SessionResponse, TIMINGS } from '@commonwork/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, isApiError } from '../../shared/api/index.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from './AuthProvider.tsx';
import { exchangeCredential } from './api.ts';
import { t } from './locales/index.ts';
import { AUTH_MESSAGES, type AuthMode } from './messages.ts';

/** A sign-in that still needs a username and bio: our access token stays in memory until setup. */
export interface PendingProfile {
  token: string;
  email: string;
  name: string;
  picture: string;
}

interface LocationState {
  from?: string;
  error?: string;
}

/** Where to go after sign-in: back to the page that sent the visitor to /login, else the dashboard. */
function useAfterSignInPath(): string {
  const state = useLocation().state as LocationState | null;
  return typeof state?.from === 'string' && state.from.startsWith('/') ? state.from : '/dashboard';
}

/**
 * The sign-in flow of spec 000 §4: a provider credential is exchanged for the user; a complete
 * profile signs in at once, otherwise the sign-in UI closes and, 100 ms later, the
 * 'Complete Your Profile' step opens.
 */
export function useProviderSignIn(mode: AuthMode) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const afterSignIn = useAfterSignInPath();
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signInClosed, setSignInClosed] = useState(false);
  const [pending, setPending] = useState<PendingProfile | null>(null);
  const followUp = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(followUp.current), []);

  const finish = useCallback(
    (response: SessionResponse, message: string) => {
      login({ ...response.user, token: response.token });
      toast.success(message);
      navigate(afterSignIn, { replace: true });
    },
    [login, navigate, afterSignIn],
  );

  const providerFailed = useCallback(() => {
    const message = t(AUTH_MESSAGES[mode].providerFailed);
    setError(message);
    toast.error(message);
  }, [mode]);

  const signInWithCredential = useCallback(
    async (credential: string | undefined) => {
      if (!credential) {
        providerFailed();
        return;
      }
      setIsSigningIn(true);
      setError(null);
      try {
        const response = await exchangeCredential(credential);
        const { user, token } = response;
        if (user.username && user.bio) {
          const created = mode === 'signup' && response.isNewUser;
          finish(response, t(created ? AUTH_MESSAGES.signup.success : AUTH_MESSAGES.login.success));
          return;
        }
        setSignInClosed(true);
        followUp.current = window.setTimeout(
          () => setPending({ token, email: user.email, name: user.name, picture: user.picture }),
          TIMINGS.signInFollowUpDelayMs,
        );
      } catch (err) {
        // The server's word when it answered; otherwise the answer never came or could not be read.
        setError(isApiError(err) ? errorMessage(err, t(AUTH_MESSAGES.authenticateFallback)) : t(AUTH_MESSAGES.processFailed));
        toast.error(t(AUTH_MESSAGES[mode].failed));
      } finally {
        setIsSigningIn(false);
      }
    },
    [mode, finish, providerFailed],
  );

  /** Closing the profile step abandons this sign-in: nothing was stored. */
  const cancelProfile = useCallback(() => {
    setPending(null);
    setSignInClosed(false);
  }, []);

  const completeProfile = useCallback(
    (response: SessionResponse) => {
      setPending(null);
      finish(response, t(AUTH_MESSAGES.signup.success));
    },
    [finish],
  );

  return {
    isSigningIn,
    error,
    signInClosed,
    pending,
    signInWithCredential,
    cancelProfile,
    completeProfile,
  };
}

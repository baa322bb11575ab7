import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../app/queryClient.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { Toasts } from '../../shared/ui/Toasts.tsx';
import { useAuthConfig } from './api.ts';
import { CompleteProfileModal } from './CompleteProfileModal.tsx';
import { useT } from './locales/index.ts';
import { SignInMethods } from './SignInPanel.tsx';
import { signInPrompt } from './signInPrompt.ts';
import { useProviderSignIn } from './useProviderSignIn.ts';

/**
 * The landing page's sign-in dialog (spec 000 §2, §4): 'Welcome', the sign-in methods, then the
 * 'Complete Your Profile' step once this dialog has closed. It is mounted only while open, so
 * closing it clears its error and loading state. It brings the data cache and the toasts the landing page lacks.
 */
export function SignInModal({ onClose }: { onClose: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SignInDialogs onClose={onClose} />
      <Toasts />
    </QueryClientProvider>
  );
}

function SignInDialogs({ onClose }: { onClose: () => void }) {
  const flow = useProviderSignIn('login');
  const config = useAuthConfig();
  const t = useT();
  return (
    <>
      <Modal open={!flow.signInClosed} title={t('auth.modal.welcome')} description={signInPrompt(config.data)} onClose={onClose}>
        <SignInMethods mode="login" flow={flow} />
      </Modal>
      <CompleteProfileModal pending={flow.pending} onClose={onClose} onComplete={flow.completeProfile} />
    </>
  );
}

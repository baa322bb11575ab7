import LogOut from 'lucide-react/icons/log-out';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import { useState } from 'react';
import { buttonDanger } from '../../../shared/ui/buttonDanger.ts';
import { buttonSecondary } from '../../../shared/ui/classes.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { SettingsActionSection } from '../SettingsActionSection.tsx';
import { useT } from './locales/index.ts';

/**
 * Settings → Signed-in devices: Sign out everywhere, after a confirmation, ends every session of the
 * person on the server (other devices are refused within a second) and then this one.
 */
export function SignOutEverywhereSection() {
  const t = useT();
  const { signOutEverywhere } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (!busy) setConfirming(false);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
    } catch {
      // The server did not end the sessions: staying signed in here says so honestly.
      toast.error(t('sessions.failed'));
      setBusy(false);
    }
  };

  return (
    <SettingsActionSection
      id="settings-sessions"
      icon={<MonitorSmartphone className="h-5 w-5 text-green-700 dark:text-green-400" aria-hidden="true" />}
      title={t('sessions.title')}
      lead={t('sessions.lead')}
      action={
        <button type="button" className={`${buttonSecondary} shrink-0`} onClick={() => setConfirming(true)}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t('sessions.signOutEverywhere')}
        </button>
      }
    >
      <Modal open={confirming} title={t('sessions.confirmTitle')} onClose={close}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('sessions.confirmText')}</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonSecondary} onClick={close} disabled={busy}>
            {t('sessions.cancel')}
          </button>
          <button type="button" className={buttonDanger} onClick={() => void confirm()} disabled={busy}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {busy ? t('sessions.signingOut') : t('sessions.signOutEverywhere')}
          </button>
        </div>
      </Modal>
    </SettingsActionSection>
  );
}

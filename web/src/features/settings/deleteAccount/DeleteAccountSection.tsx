import { identityRoutes } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Trash2 from 'lucide-react/icons/trash-2';
import UserX from 'lucide-react/icons/user-x';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call } from '../../../shared/api/index.ts';
import { buttonDanger } from '../../../shared/ui/buttonDanger.ts';
import { buttonSecondary, inputClass } from '../../../shared/ui/classes.ts';
import { FormField } from '../../../shared/ui/FormField.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { SettingsActionSection } from '../SettingsActionSection.tsx';
import { useT } from './locales/index.ts';

/**
 * Settings → Delete account: a dialog where the person types their username (their email when they
 * never chose one), as the server checks it too; once deleted they are signed out here and land on
 * the home page. What goes and what stays is said before, in the dialog.
 */
export function DeleteAccountSection({ username, email }: { username: string | null; email: string }) {
  const t = useT();
  const { updateUser } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const expected = username ?? email;
  const matches = typed.trim().toLowerCase() === expected.toLowerCase();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
  };
  const remove = async () => {
    setBusy(true);
    try {
      await call(identityRoutes.deleteAccount, { body: { confirm: typed.trim() } });
    } catch {
      toast.error(t('deleteAccount.failed'));
      setBusy(false);
      return;
    }
    // Nothing of theirs may stay on screen or in the cache for whoever uses this browser next.
    updateUser(null);
    queryClient.clear();
    toast.success(t('deleteAccount.done'));
    navigate('/', { replace: true });
  };

  return (
    <SettingsActionSection
      id="settings-delete-account"
      icon={<UserX className="h-5 w-5 text-red-600 dark:text-red-400" aria-hidden="true" />}
      title={t('deleteAccount.title')}
      lead={t('deleteAccount.lead')}
      action={
        <button type="button" className={`${buttonDanger} shrink-0`} onClick={() => setOpen(true)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t('deleteAccount.open')}
        </button>
      }
    >
      <Modal open={open} title={t('deleteAccount.confirmTitle')} onClose={close}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches && !busy) void remove();
          }}
        >
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('deleteAccount.confirmText')}</p>
          <div className="mt-4">
            <FormField id="delete-account-confirm" label={t('deleteAccount.typeToConfirm', { name: expected })}>
              <input
                id="delete-account-confirm"
                className={inputClass}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                disabled={busy}
              />
            </FormField>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonSecondary} onClick={close} disabled={busy}>
              {t('deleteAccount.cancel')}
            </button>
            <button type="submit" className={buttonDanger} disabled={!matches || busy}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {busy ? t('deleteAccount.deleting') : t('deleteAccount.confirm')}
            </button>
          </div>
        </form>
      </Modal>
    </SettingsActionSection>
  );
}

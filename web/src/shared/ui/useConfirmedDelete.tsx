import Trash2 from 'lucide-react/icons/trash-2';
import { useCallback, useState } from 'react';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { useT } from '../locales/index.ts';
import { buttonDanger } from './buttonDanger.ts';
import { buttonSecondary } from './classes.ts';
import { Modal } from './Modal.tsx';
import { toast } from './toast.ts';

export interface DeletionOptions<T> {
  /** The dialog's title, e.g. 'Delete gig'. */
  title: string;
  /** The confirmation sentence for this item. */
  confirmText: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  messages: { loginRequired: string; success: string; failed: string };
  /** After a successful delete (navigate away, invalidate queries). */
  onDeleted?: (item: T) => void | Promise<void>;
}

/**
 * Deleting with a confirmation (an accessible dialog, not `window.confirm`): `requestDelete(item)`
 * opens the dialog (or asks a visitor to log in); `dialog` is rendered once by the screen.
 */
export function useConfirmedDelete<T>({ title, confirmText, remove, messages, onDeleted }: DeletionOptions<T>) {
  const { user } = useAuth();
  const [target, setTarget] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const t = useT();

  const requestDelete = useCallback(
    (item: T) => {
      if (!user) {
        toast.error(messages.loginRequired);
        return;
      }
      setTarget(item);
    },
    [user, messages.loginRequired],
  );

  const close = useCallback(() => {
    if (!deleting) setTarget(null);
  }, [deleting]);

  const confirm = async () => {
    if (target === null) return;
    setDeleting(true);
    try {
      await remove(target);
      toast.success(messages.success);
      setTarget(null);
      await onDeleted?.(target);
    } catch {
      toast.error(messages.failed);
    } finally {
      setDeleting(false);
    }
  };

  const dialog = (
    <Modal open={target !== null} title={title} onClose={close}>
      {target !== null && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">{confirmText(target)}</p>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={close} disabled={deleting}>
              {t('shared.delete.cancel')}
            </button>
            <button type="button" className={buttonDanger} onClick={() => void confirm()} disabled={deleting}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t(deleting ? 'shared.delete.deleting' : 'shared.delete.delete')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );

  return { requestDelete, dialog };
}

import type { Gig } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { buttonSecondary } from '../../shared/ui/classes.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { deleteGig, GIGS_KEY } from './api.ts';
import { gigIdOf } from './gigDisplay.ts';
import { GIG_MESSAGES } from './messages.ts';

const buttonDanger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Deleting a gig with the spec's confirmation (an accessible dialog, not `window.confirm`).
 * `requestDelete(gig)` opens the dialog (or asks a visitor to log in); `dialog` is rendered once by
 * the screen; `onDeleted` runs after a successful delete.
 */
export function useGigDeletion(onDeleted?: (gig: Gig) => void) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Gig | null>(null);
  const [deleting, setDeleting] = useState(false);

  const requestDelete = useCallback(
    (gig: Gig) => {
      if (!user) {
        toast.error(GIG_MESSAGES.delete.loginRequired);
        return;
      }
      setTarget(gig);
    },
    [user],
  );

  const close = useCallback(() => {
    if (!deleting) setTarget(null);
  }, [deleting]);

  const confirm = async () => {
    if (!target) return;
    setDeleting(true);
    try {
      await deleteGig(gigIdOf(target));
      toast.success(GIG_MESSAGES.delete.success);
      setTarget(null);
      // The detail page navigates away first, so its query is not refetched as a 404.
      onDeleted?.(target);
      queryClient.removeQueries({ queryKey: [...GIGS_KEY, 'detail', gigIdOf(target)] });
      await queryClient.invalidateQueries({ queryKey: GIGS_KEY });
    } catch {
      toast.error(GIG_MESSAGES.delete.failed);
    } finally {
      setDeleting(false);
    }
  };

  const dialog = (
    <Modal open={target !== null} title="Delete gig" onClose={close}>
      {target && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">{GIG_MESSAGES.delete.confirm(target.title)}</p>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={close} disabled={deleting}>
              Cancel
            </button>
            <button type="button" className={buttonDanger} onClick={() => void confirm()} disabled={deleting}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {deleting ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </>
      )}
    </Modal>
  );

  return { requestDelete, dialog };
}

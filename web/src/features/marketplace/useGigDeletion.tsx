import type { Gig } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../../shared/ui/useConfirmedDelete.tsx';
import { deleteGig, GIGS_KEY } from './api.ts';
import { useT } from './browse/locales/index.ts';
import { gigIdOf } from './gigDisplay.ts';

import { GIG_MESSAGES } from './messages.ts';

/** Deleting a gig with the spec's confirmation; `onDeleted` runs after a successful delete. */
export function useGigDeletion(onDeleted?: (gig: Gig) => void) {
  const t = useT();
  const queryClient = useQueryClient();
  const M = GIG_MESSAGES.delete;
  return useConfirmedDelete<Gig>({
    title: t('marketplace.delete.title'),
    confirmText: (gig) => M.confirm(gig.title),
    remove: (gig) => deleteGig(gigIdOf(gig)),
    messages: { loginRequired: M.loginRequired(), success: M.success(), failed: M.failed() },

    onDeleted: async (gig) => {
      // The detail page navigates away first, so its query is not refetched as a 404.
      onDeleted?.(gig);
      queryClient.removeQueries({ queryKey: [...GIGS_KEY, 'detail', gigIdOf(gig)] });
      await queryClient.invalidateQueries({ queryKey: GIGS_KEY });
    },
  });
}

import type { TechEvent } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../../shared/ui/useConfirmedDelete.tsx';
import { deleteEvent, EVENTS_KEY } from './api.ts';
import { useT } from './locales/index.ts';

/** Deleting an event with a confirmation: the list names it (spec 001 §2), the detail page uses the generic wording. */
export function useEventDeletion(options: { generic?: boolean; onDeleted?: (event: TechEvent) => void } = {}) {
  const queryClient = useQueryClient();
  const t = useT();
  return useConfirmedDelete<TechEvent>({
    title: t('events.delete.title'),
    confirmText: (event) => (options.generic ? t('events.delete.confirmGeneric') : t('events.delete.confirm', { title: event.title })),
    remove: (event) => deleteEvent(event.id),
    messages: { success: t('events.deleted'), failed: t('events.delete.failed'), loginRequired: t('events.delete.loginRequired') },
    onDeleted: async (event) => {
      options.onDeleted?.(event);
      queryClient.removeQueries({ queryKey: [...EVENTS_KEY, 'detail', event.id] });
      await queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
    },
  });
}

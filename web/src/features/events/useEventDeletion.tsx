import type { TechEvent } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../../shared/ui/useConfirmedDelete.tsx';
import { deleteEvent, EVENTS_KEY } from './api.ts';
import { EVENT_TEXT } from './messages.ts';

/** Deleting an event with a confirmation: the list names it (spec 001 §2), the detail page uses the generic wording. */
export function useEventDeletion(options: { generic?: boolean; onDeleted?: (event: TechEvent) => void } = {}) {
  const queryClient = useQueryClient();
  return useConfirmedDelete<TechEvent>({
    title: 'Delete event',
    confirmText: (event) => (options.generic ? EVENT_TEXT.delete.confirmGeneric : EVENT_TEXT.delete.confirm(event.title)),
    remove: (event) => deleteEvent(event.id),
    messages: EVENT_TEXT.delete,
    onDeleted: async (event) => {
      options.onDeleted?.(event);
      queryClient.removeQueries({ queryKey: [...EVENTS_KEY, 'detail', event.id] });
      await queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
    },
  });
}

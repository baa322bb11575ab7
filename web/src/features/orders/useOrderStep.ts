import type { Order } from '@commonwork/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/index.ts';
import { toast } from '../../shared/ui/toast.ts';
import { orderFailure, orderKey, storeOrder, takeStep } from './api.ts';
import { t } from './locales/index.ts';
import { type StepAction, type StepInput, stepRequest } from './orderActions.ts';

interface Step {
  action: StepAction;
  input: StepInput;
}

/**
 * Takes one step of an order: the page shows the order the answer carries. A step the order no
 * longer allows (409: the other side acted first) says the server's sentence and fetches the order
 * again, so the page offers what is possible now.
 */
export function useOrderStep(order: Pick<Order, 'id'>, onDone: () => void) {
  const queryClient = useQueryClient();
  const step = useMutation({
    mutationFn: ({ action, input }: Step) => takeStep(order.id, stepRequest(action, input)),
    onSuccess: (updated, { action }) => {
      storeOrder(queryClient, updated);
      toast.success(t(`orders.done.${action}`));
      onDone();
    },
    onError: (error) => {
      toast.error(orderFailure(error, t('orders.failed')));
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: orderKey(order.id) });
        onDone();
      }
    },
  });
  return {
    run: (action: StepAction, input: StepInput = { text: '', attachments: [] }) => step.mutate({ action, input }),
    /** The step on its way, if any: every button waits for it. */
    pending: step.isPending ? step.variables.action : null,
    /** The last refusal's field errors (a 400), for the form that sent it. */
    error: step.error,
    reset: step.reset,
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../shared/socket/index.ts';
import { isAboutOrder } from './aboutOrder.ts';
import { ORDERS_KEY, orderKey } from './api.ts';

/**
 * Each step of an order notifies the other side (issue 30): while an order's page is open, a
 * notification about it that arrives over the session's socket fetches the order again, so the
 * page shows the other side's step without a reload. Focusing the window again does the same
 * (useOrder), for what a socket that was down missed.
 */
export function useOrderUpdates(orderId: string | undefined): void {
  const queryClient = useQueryClient();
  useSocketEvent('new-notification', ({ notification }) => {
    if (!orderId || !isAboutOrder(notification, orderId)) return;
    void queryClient.invalidateQueries({ queryKey: orderKey(orderId) });
    void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
  });
}

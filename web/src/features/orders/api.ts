import { type CreateOrderRequest, ORDER_MESSAGES, type Order, ordersRoutes } from '@commonwork/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { call, errorMessage, isApiError } from '../../shared/api/index.ts';
import { translateEnglish } from '../../shared/i18n/index.ts';
import type { StepRequest } from './orderActions.ts';
import type { OrderListParams } from './orderListParams.ts';

/** Every orders query starts with this key: a step taken on one order refreshes the lists too. */
export const ORDERS_KEY = ['orders'] as const;
export const orderKey = (id: string | undefined) => [...ORDERS_KEY, 'detail', id] as const;

/**
 * GET /api/orders: one page of the reader's orders as a buyer or a seller, the last changed first;
 * not before `enabled` (the address is read once a pre-rendered page is taken over).
 */
export function useOrderList({ role, status, page }: OrderListParams, enabled: boolean) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'list', role, status, page],
    queryFn: ({ signal }) => call(ordersRoutes.list, { query: { role, page, ...(status && { status }) }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A missing order (404: not there, or not the reader's) or a malformed id (400): trying again will not change that. */
export const isOrderNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * GET /api/orders/:id. Refetched when the window is focused again (the other side may have acted
 * meanwhile); a notification about it refetches it at once (useOrderUpdates).
 */
export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => call(ordersRoutes.get, { params: { id: id ?? '' }, signal }).then((body) => body.order),
    enabled: Boolean(id),
    refetchOnWindowFocus: true,
    retry: (failures, error) => !isOrderNotFound(error) && failures < 1,
  });
}

/** POST /api/orders with the form's own `id`: sent twice (a double click, a retry), it answers the one order. */
export const placeOrder = (body: CreateOrderRequest) => call(ordersRoutes.create, { body }).then((answer) => answer.order);

/** One step of an order's lifecycle (orderActions.stepRequest says which call and body). */
export function takeStep(id: string, step: StepRequest): Promise<Order> {
  const params = { id };
  const answer = (() => {
    switch (step.route) {
      case 'accept':
      case 'complete':
        return call(ordersRoutes[step.route], { params, body: step.body });
      case 'decline':
      case 'revision':
        return call(ordersRoutes[step.route], { params, body: step.body });
      case 'deliver':
        return call(ordersRoutes.deliver, { params, body: step.body });
      case 'cancel':
        return call(ordersRoutes.cancel, { params, body: step.body });
    }
  })();
  return answer.then((body) => body.order);
}

/**
 * The order as a step's answer has it, in the page's cache; the lists are fetched again, and the
 * figures a step changes (a gig's orders, the seller's earnings and active projects) when next shown.
 */
export function storeOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(orderKey(order.id), order);
  void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
  // Fetched with the first step: the figures' query keys come from the screens' modules, which the order pages would carry.
  void import('../reviews/refreshFigures.ts').then(({ refreshFigures }) => refreshFigures(queryClient));
}

const SERVER_SENTENCES: ReadonlySet<string> = new Set(Object.values(ORDER_MESSAGES));

/**
 * What to say when a call about an order failed: the server's sentence (a refused step's 409 says
 * why) in the language shown, as the orders' catalog has it; else the shared rules (errorMessage).
 */
export function orderFailure(error: unknown, fallback: string): string {
  if (isApiError(error) && SERVER_SENTENCES.has(error.message)) return translateEnglish(error.message);
  return errorMessage(error, fallback);
}

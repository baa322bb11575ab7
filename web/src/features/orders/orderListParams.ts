import { ORDER_STATUSES, type OrderStatus } from '@commonwork/contracts';

export type OrderRole = 'buyer' | 'seller';
/** A status, or `active`: every order not yet ended. */
export type OrderFilter = OrderStatus | 'active';

export const ORDER_FILTERS: readonly OrderFilter[] = ['active', ...ORDER_STATUSES];

/** What /orders shows, as its address says: `?role=buyer|seller&status=…&page=…`. */
export interface OrderListParams {
  role: OrderRole;
  status: OrderFilter | undefined;
  page: number;
}

/** A status filter from the address or the select; undefined (every status) for anything else. */
export const filterOf = (value: string | null): OrderFilter | undefined => ORDER_FILTERS.find((filter) => filter === value);

/** The list's parameters from the address; anything unknown falls back to buying, every status, the first page. */
export function readListParams(search: URLSearchParams): OrderListParams {
  const page = Number(search.get('page'));
  return {
    role: search.get('role') === 'seller' ? 'seller' : 'buyer',
    status: filterOf(search.get('status')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a list: only what differs from the defaults, so /orders is the buying tab's first page. */
export function listSearch({ role, status, page }: OrderListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (role === 'seller') search.set('role', role);
  if (status) search.set('status', status);
  if (page > 1) search.set('page', String(page));
  return search;
}

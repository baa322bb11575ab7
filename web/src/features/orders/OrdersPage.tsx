import AlertCircle from 'lucide-react/icons/alert-circle';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../shared/hooks/useHydrated.tsx';
import { buttonPrimary, buttonSecondary, buttonSecondarySmall, cardClass, inputClass, labelClass } from '../../shared/ui/classes.ts';
import { useOrderList } from './api.ts';
import { useT } from './locales/index.ts';
import { OrderRow } from './OrderRow.tsx';
import { statusLabel } from './orderDisplay.ts';
import { filterOf, listSearch, ORDER_FILTERS, type OrderListParams, type OrderRole, readListParams } from './orderListParams.ts';

const ROLES = [
  { id: 'buyer', label: 'orders.tab.buyer' },
  { id: 'seller', label: 'orders.tab.seller' },
] as const satisfies readonly { id: OrderRole; label: string }[];

/**
 * /orders (issue 30): the reader's orders as a buyer or as a seller, by status, a page at a time.
 * The tab, the status and the page are in the address, so a list can be linked, reloaded and gone back to.
 */
export function OrdersPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  // The page comes pre-rendered without the address's query: the tab, status and page show once React has taken over.
  const hydrated = useHydrated();
  const params = readListParams(hydrated ? search : new URLSearchParams());
  const list = useOrderList(params, hydrated);
  const filterId = useId();
  const show = (change: Partial<OrderListParams>) => setSearch(listSearch({ ...params, page: 1, ...change }));

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('orders.title')}</h1>
        <p className="text-slate-600 dark:text-slate-400">{t('orders.subtitle')}</p>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div role="tablist" aria-label={t('orders.tabs')} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
          {ROLES.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={params.role === id}
              aria-controls="orders-panel"
              onClick={() => show({ role: id, status: undefined })}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${params.role === id ? 'border-green-600 text-green-700 dark:text-green-400' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'}`}
            >
              {t(label)}
            </button>
          ))}
        </div>
        <div className="w-full sm:w-56">
          <label htmlFor={filterId} className={labelClass}>
            {t('orders.filter.label')}
          </label>
          <select
            id={filterId}
            className={inputClass}
            value={params.status ?? ''}
            onChange={(event) => show({ status: filterOf(event.target.value) })}
          >
            <option value="">{t('orders.filter.all')}</option>
            {ORDER_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {filter === 'active' ? t('orders.filter.active') : statusLabel(filter)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div id="orders-panel" role="tabpanel" aria-label={t(params.role === 'seller' ? 'orders.tab.seller' : 'orders.tab.buyer')}>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <div className={`${cardClass} flex flex-col items-center py-10 text-center`} role="alert">
            <AlertCircle className="h-10 w-10 text-red-500" aria-hidden="true" />
            <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t('orders.list.loadFailed')}</p>
            <button type="button" className={`${buttonPrimary} mt-4`} onClick={() => void list.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t('orders.list.retry')}
            </button>
          </div>
        ) : list.data.orders.length === 0 ? (
          <EmptyList params={params} onShowAll={() => show({ status: undefined })} />
        ) : (
          <>
            <ul aria-label={t('orders.list.label')} className={`space-y-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
              {list.data.orders.map((order) => (
                <li key={order.id}>
                  <OrderRow order={order} />
                </li>
              ))}
            </ul>
            {list.data.pagination.pages > 1 && (
              <nav aria-label={t('orders.list.pagination')} className="mt-6 flex items-center justify-center gap-3">
                <button
                  type="button"
                  className={buttonSecondarySmall}
                  disabled={params.page <= 1}
                  onClick={() => show({ page: params.page - 1 })}
                >
                  {t('orders.list.previous')}
                </button>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t('orders.list.page', { page: list.data.pagination.page, pages: list.data.pagination.pages })}
                </span>
                <button
                  type="button"
                  className={buttonSecondarySmall}
                  disabled={params.page >= list.data.pagination.pages}
                  onClick={() => show({ page: params.page + 1 })}
                >
                  {t('orders.list.next')}
                </button>
              </nav>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Grey rows of a row's shape while the first page loads. */
function ListSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('orders.list.loading')}</span>
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <li key={row} className={`${cardClass} animate-pulse space-y-3`}>
            <div className="h-5 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** No orders: by a status, a way back to all of them; else, per tab, a way to the marketplace. */
function EmptyList({ params, onShowAll }: { params: OrderListParams; onShowAll: () => void }) {
  const t = useT();
  const filtered = params.status !== undefined;
  const buyer = params.role === 'buyer';
  return (
    <div className={`${cardClass} flex flex-col items-center py-12 text-center`}>
      {buyer ? (
        <ShoppingBag className="h-10 w-10 text-slate-400" aria-hidden="true" />
      ) : (
        <ClipboardList className="h-10 w-10 text-slate-400" aria-hidden="true" />
      )}
      <p className="mt-3 font-semibold text-slate-900 dark:text-white">
        {filtered ? t('orders.list.emptyStatus') : t(buyer ? 'orders.list.emptyBuyer' : 'orders.list.emptySeller')}
      </p>
      {!filtered && (
        <p className="mt-1 max-w-md text-sm text-slate-500 dark:text-slate-400">
          {t(buyer ? 'orders.list.emptyBuyerHint' : 'orders.list.emptySellerHint')}
        </p>
      )}
      {filtered ? (
        <button type="button" className={`${buttonSecondary} mt-4`} onClick={onShowAll}>
          {t('orders.list.showAll')}
        </button>
      ) : (
        <Link to="/marketplace" className={`${buttonPrimary} mt-4`}>
          <ShoppingBag className="h-4 w-4" aria-hidden="true" />
          {t('orders.list.toMarketplace')}
        </Link>
      )}
    </div>
  );
}

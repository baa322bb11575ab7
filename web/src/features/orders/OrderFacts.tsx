import type { Order } from '@commonwork/contracts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatCurrency } from '../../shared/format/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { cardClass } from '../../shared/ui/classes.ts';
import { deliveryLabel } from '../marketplace/gigDisplay.ts';
import { useT } from './locales/index.ts';
import { autoCompleteText, dueText, isOpen, isPastDue, revisionsLeft } from './orderDisplay.ts';

const term = 'text-sm text-slate-500 dark:text-slate-400';
const value = 'text-sm font-medium text-slate-900 dark:text-white';

/** Who the two people are, what was agreed (price, delivery, revisions) and when it is due, counting down. */
export function OrderFacts({ order, now }: { order: Order; now: Date | null }) {
  const t = useT();
  const person = (party: Order['buyer'], side: 'buyer' | 'seller') => (
    <div className="flex items-center gap-2">
      <Avatar name={party.name} picture={party.picture} className="h-8 w-8 text-xs" />
      <span className={`${value} min-w-0 truncate`}>{order.role === side ? t('orders.detail.you', { name: party.name }) : party.name}</span>
    </div>
  );
  return (
    <section className={cardClass} aria-labelledby="order-facts-title">
      <h2 id="order-facts-title" className="sr-only">
        {t('orders.detail.summary')}
      </h2>
      <dl className="space-y-3">
        <div>
          <dt className={term}>{t('orders.detail.buyer')}</dt>
          <dd className="mt-1">{person(order.buyer, 'buyer')}</dd>
        </div>
        <div>
          <dt className={term}>{t('orders.detail.seller')}</dt>
          <dd className="mt-1">{person(order.seller, 'seller')}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
          <dt className={term}>{t('orders.detail.price')}</dt>
          <dd className="text-lg font-bold text-slate-900 dark:text-white">{formatCurrency(order.price)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className={term}>{t('orders.detail.delivery')}</dt>
          <dd className={value}>{deliveryLabel(order.deliveryTime)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className={term}>{t('orders.detail.revisions')}</dt>
          <dd className={value}>{t('orders.detail.revisionsLeft', { left: revisionsLeft(order), allowed: order.revisionsAllowed })}</dd>
        </div>
        <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
          <dt className={term}>{t('orders.detail.dueDate')}</dt>
          <dd className="mt-1 space-y-1">
            {order.dueAt ? (
              <>
                <time dateTime={order.dueAt} className={`block ${value}`}>
                  {formatDate(order.dueAt, 'MMM d, yyyy, h:mm a', 'PPp')}
                </time>
                {now && isOpen(order.status) && order.status !== 'delivered' && (
                  <p
                    className={`text-sm ${isPastDue(order.dueAt, now) ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-300'}`}
                  >
                    {dueText(order.dueAt, now)}
                  </p>
                )}
              </>
            ) : (
              <span className={value}>{order.status === 'pending' ? t('orders.detail.dueAfterAcceptance') : '—'}</span>
            )}
            {now && order.status === 'delivered' && order.autoCompletesAt && (
              <p className="text-sm text-violet-800 dark:text-violet-300">{autoCompleteText(order.autoCompletesAt, now)}</p>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

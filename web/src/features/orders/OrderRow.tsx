import type { OrderSummary } from '@commonwork/contracts';
import { Link } from 'react-router-dom';
import { formatDate } from '../../shared/format/dates.ts';
import { formatCurrency, formatRelativeTimeShort } from '../../shared/format/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { cardClass } from '../../shared/ui/classes.ts';
import { useT } from './locales/index.ts';
import { isOpen, otherParty } from './orderDisplay.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** One order in the list: its gig (the link to the order), the other person, the price, the status, when it is due and when it last moved. */
export function OrderRow({ order }: { order: OrderSummary }) {
  const t = useT();
  const other = otherParty(order);
  return (
    <article
      className={`${cardClass} relative flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5`}
      aria-label={order.gig.title}
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <h2 className="font-semibold break-words text-slate-900 dark:text-white">
          {/* The whole card is the link's target (its ::after covers it); the name is the title. */}
          <Link
            to={`/orders/${order.id}`}
            className="after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-green-600"
          >
            {order.gig.title}
          </Link>
        </h2>
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Avatar name={other.name} picture={other.picture} className="h-6 w-6 text-[10px]" />
          <span className="min-w-0 truncate">
            {t(order.role === 'seller' ? 'orders.list.buyer' : 'orders.list.seller', { name: other.name })}
          </span>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {order.dueAt && isOpen(order.status) && (
            <>
              {t('orders.list.due', { date: formatDate(order.dueAt, 'MMM d, yyyy', 'PP') })}
              {' · '}
            </>
          )}
          {t('orders.list.updated', { when: formatRelativeTimeShort(order.updatedAt) })}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
        <StatusBadge status={order.status} late={order.late} />
        <span className="text-lg font-bold text-slate-900 dark:text-white">{formatCurrency(order.price)}</span>
      </div>
    </article>
  );
}

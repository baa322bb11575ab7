import type { Order } from '@commonwork/contracts';
import AlertCircle from 'lucide-react/icons/alert-circle';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import MessageCircle from 'lucide-react/icons/message-circle';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import SearchX from 'lucide-react/icons/search-x';
import { Link, useParams } from 'react-router-dom';
import { MessageAttachments } from '../../shared/conversation/attachments/MessageAttachments.tsx';
import { useNow } from '../../shared/hooks/useNow.ts';
import { Banner } from '../../shared/ui/Banner.tsx';
import { buttonPrimary, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { LazyOrderReview } from '../reviews/lazy.tsx';
import { isOrderNotFound, useOrder } from './api.ts';
import { useT } from './locales/index.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderFacts } from './OrderFacts.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { actorName, isPastDue } from './orderDisplay.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { useOrderConversation } from './useOrderConversation.ts';
import { useOrderUpdates } from './useOrderUpdates.ts';

const sectionTitle = 'text-lg font-semibold text-slate-900 dark:text-white';

/**
 * /orders/:id (issue 30): the order as its reader sees it, the steps the server offers them, its
 * timeline and its conversation. It follows the other side's steps live (useOrderUpdates).
 */
export function OrderDetailPage() {
  const t = useT();
  const { id } = useParams();
  const query = useOrder(id);
  useOrderUpdates(id);

  if (query.isPending) return <LoadingScreen label={t('orders.detail.loading')} />;
  if (query.isError) {
    const notFound = isOrderNotFound(query.error);
    return (
      <div className={`${cardClass} mx-auto max-w-xl text-center`} role={notFound ? undefined : 'alert'}>
        {notFound ? (
          <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        ) : (
          <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
        )}
        <h1 className="mt-3 text-xl font-semibold text-slate-900 dark:text-white">
          {notFound ? t('orders.detail.notFound') : t('orders.detail.loadFailed')}
        </h1>
        {notFound && <p className="mt-1 text-slate-600 dark:text-slate-400">{t('orders.detail.notFoundHint')}</p>}
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <Link to="/orders" className={buttonSecondary}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {t('orders.detail.back')}
          </Link>
          {!notFound && (
            <button type="button" className={buttonPrimary} onClick={() => void query.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {t('orders.list.retry')}
            </button>
          )}
        </div>
      </div>
    );
  }
  return <OrderView order={query.data} />;
}

function OrderView({ order }: { order: Order }) {
  const t = useT();
  // The countdowns move on their own; null while a pre-rendered page hydrates.
  const now = useNow(30_000);
  const conversation = useOrderConversation(order);
  const late = order.late || (order.status === 'in_progress' && now !== null && isPastDue(order.dueAt, now));
  const back = order.role === 'seller' ? '/orders?role=seller' : '/orders';

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link
        to={back}
        className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('orders.detail.back')}
      </Link>

      <section className={`${cardClass} space-y-3`} aria-labelledby="order-title">
        <StatusBadge status={order.status} late={late} />
        <h1 id="order-title" className="text-2xl font-bold break-words text-slate-900 sm:text-3xl dark:text-white">
          <Link to={`/marketplace/${order.gig._id}`} className="hover:underline">
            {order.gig.title}
          </Link>
        </h1>
        {order.cancellation && (
          <Banner tone="info">
            <p>
              {t('orders.detail.cancellationAsked', {
                who: actorName(order, order.cancellation.requestedBy),
                reason: order.cancellation.reason,
              })}
            </p>
            {order.cancellation.disputed && <p className="mt-1">{t('orders.detail.cancellationDisputed')}</p>}
          </Banner>
        )}
      </section>

      {/* Small screens: what to do first, then the requirements and the timeline; wide screens: a right column. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-start-3 lg:row-span-3 lg:row-start-1">
          <section className={cardClass} aria-labelledby="order-actions-title">
            <h2 id="order-actions-title" className={`${sectionTitle} mb-3`}>
              {t('orders.detail.actions')}
            </h2>
            <OrderActions order={order} />
            {order.role !== 'admin' && (
              <button
                type="button"
                className={`${buttonSecondary} mt-2 w-full`}
                onClick={conversation.open}
                disabled={conversation.pending}
              >
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                {conversation.pending ? t('orders.detail.conversationOpening') : t('orders.detail.conversation')}
              </button>
            )}
            <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{t('orders.payment')}</p>
          </section>
          <OrderFacts order={order} now={now} />
        </div>

        <section className={`${cardClass} min-w-0 lg:col-span-2`} aria-labelledby="order-requirements-title">
          <h2 id="order-requirements-title" className={sectionTitle}>
            {t('orders.detail.requirements')}
          </h2>
          <p className="mt-2 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{order.requirements}</p>
          <MessageAttachments attachments={order.attachments} />
        </section>

        <section className={`${cardClass} min-w-0 lg:col-span-2`} aria-labelledby="order-timeline-title">
          <h2 id="order-timeline-title" className={`${sectionTitle} mb-4`}>
            {t('orders.detail.timeline')}
          </h2>
          <OrderTimeline order={order} now={now} />
        </section>

        {/* The review (the reviews' part, loaded when there is one or one may be written). */}
        {(order.review || order.actions.includes('review') || order.actions.includes('reply')) && (
          <div className="min-w-0 lg:col-span-2">
            <LazyOrderReview order={order} />
          </div>
        )}
      </div>
    </div>
  );
}

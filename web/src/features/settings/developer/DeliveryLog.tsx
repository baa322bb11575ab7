import type { DeliveryStatus, WebhookDelivery } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Clock from 'lucide-react/icons/clock';
import History from 'lucide-react/icons/history';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../shared/api/index.ts';
import { formatRelativeTimeShort } from '../../../shared/format/index.ts';
import { activeLocale } from '../../../shared/i18n/index.ts';
import { buttonSecondarySmall } from '../../../shared/ui/classes.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { redeliver, refreshDeliveries, useDeliveries } from './api.ts';
import { formatMoment } from './labels.ts';
import { useT } from './locales/index.ts';
import { LoadError, Loading } from './parts.tsx';

const STATUSES: Record<DeliveryStatus, { icon: LucideIcon; label: `developer.deliveries.status.${DeliveryStatus}`; tone: string }> = {
  pending: {
    icon: Clock,
    label: 'developer.deliveries.status.pending',
    tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
  succeeded: {
    icon: CircleCheck,
    label: 'developer.deliveries.status.succeeded',
    tone: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  },
  retrying: {
    icon: RotateCw,
    label: 'developer.deliveries.status.retrying',
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  },
  failed: { icon: CircleX, label: 'developer.deliveries.status.failed', tone: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300' },
};

/** A duration in the language shown: '182 ms'. */
const milliseconds = (ms: number) =>
  new Intl.NumberFormat(activeLocale(), { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(ms);

/** A webhook's delivery log, newest first, a page at a time, each with Redeliver. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(webhookId, page);

  return (
    <section aria-label={t('developer.deliveries.title')} className="space-y-3">
      <h5 className="flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
        <History className="h-4 w-4" aria-hidden="true" />
        {t('developer.deliveries.title')}
      </h5>
      {deliveries.isPending ? (
        <Loading label={t('developer.deliveries.loading')} />
      ) : deliveries.isError ? (
        <LoadError message={t('developer.deliveries.loadFailed')} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.deliveries.length === 0 && page === 1 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('developer.deliveries.empty')}</p>
      ) : (
        <>
          <ul className="space-y-2" aria-busy={deliveries.isPlaceholderData}>
            {deliveries.data.deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
            ))}
          </ul>
          {(page > 1 || deliveries.data.hasMore) && (
            <nav aria-label={t('developer.deliveries.pages')} className="flex items-center justify-between gap-2">
              <button
                type="button"
                className={buttonSecondarySmall}
                disabled={page === 1}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                {t('developer.deliveries.previous')}
              </button>
              <span className="text-sm text-slate-600 dark:text-slate-400">{t('developer.deliveries.page', { page })}</span>
              <button
                type="button"
                className={buttonSecondarySmall}
                disabled={!deliveries.data.hasMore || deliveries.isPlaceholderData}
                onClick={() => setPage((current) => current + 1)}
              >
                {t('developer.deliveries.next')}
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const status = STATUSES[delivery.status];
  const StatusIcon = status.icon;

  const sendAgain = async () => {
    setSending(true);
    try {
      await redeliver(webhookId, delivery.id);
      toast.success(t('developer.deliveries.redelivered'));
      await refreshDeliveries(queryClient, webhookId);
    } catch (error) {
      toast.error(errorMessage(error, t('developer.deliveries.redeliverFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <li
      aria-label={`${delivery.type}: ${t(status.label)}`}
      data-testid="developer-delivery"
      className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>
            <StatusIcon className="h-3.5 w-3.5" aria-hidden="true" />
            {t(status.label)}
          </span>
          <span className="font-mono text-xs break-all text-slate-800 dark:text-slate-200">{delivery.type}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {formatRelativeTimeShort(delivery.lastAttemptAt ?? delivery.createdAt)}
          </span>
        </div>
        <button type="button" className={buttonSecondarySmall} onClick={() => void sendAgain()} disabled={sending}>
          <RotateCw className={`h-4 w-4 ${sending ? 'animate-spin' : ''}`} aria-hidden="true" />
          {t('developer.deliveries.redeliver')}
        </button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <LogFact label={t('developer.deliveries.code')}>
          {delivery.responseStatus === null ? t('developer.deliveries.noAnswer') : String(delivery.responseStatus)}
        </LogFact>
        <LogFact label={t('developer.deliveries.duration')}>
          {delivery.durationMs === null ? '—' : milliseconds(delivery.durationMs)}
        </LogFact>
        <LogFact label={t('developer.deliveries.attempts')}>{String(delivery.attempts)}</LogFact>
        <LogFact label={t('developer.deliveries.nextTry')}>
          {delivery.nextAttemptAt === null ? t('developer.deliveries.none') : formatMoment(delivery.nextAttemptAt)}
        </LogFact>
      </dl>
      {delivery.response !== null && (
        <details className="group">
          <summary className="cursor-pointer text-xs font-medium text-green-700 hover:underline dark:text-green-400">
            {t('developer.deliveries.response')}
          </summary>
          <pre className="mt-2 max-h-60 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-800 dark:bg-slate-950 dark:text-slate-200">
            {delivery.response === '' ? t('developer.deliveries.emptyResponse') : delivery.response}
          </pre>
        </details>
      )}
    </li>
  );
}

function LogFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

import type { Webhook } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash-2';
import WebhookIcon from 'lucide-react/icons/webhook';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/index.ts';
import { buttonPrimary, buttonSecondarySmall } from '../../../shared/ui/classes.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { deleteWebhook, pingWebhook, refreshDeliveries, useWebhooks, WEBHOOKS_KEY } from './api.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { formatDay } from './labels.ts';
import { useT } from './locales/index.ts';
import { ConfirmDialog, Empty, LoadError, Loading, SecretPanel, Section } from './parts.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';

/** Webhooks: the list (each with Ping, Edit, Delete and its delivery log), Add webhook (its signing secret shown once). */
export function WebhooksSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const webhooks = useWebhooks();
  // The dialog: closed, a new webhook ('new'), or the webhook being edited.
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const remove = async (webhook: Webhook) => {
    try {
      await deleteWebhook(webhook.id);
      queryClient.setQueryData<Webhook[]>(WEBHOOKS_KEY, (list) => list?.filter(({ id }) => id !== webhook.id));
      toast.success(t('developer.webhooks.deleted'));
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error, t('developer.webhooks.deleteFailed')));
    }
  };

  return (
    <Section
      id="developer-webhooks"
      icon={WebhookIcon}
      title={t('developer.webhooks.title')}
      lead={t('developer.webhooks.lead')}
      action={
        <button type="button" className={buttonPrimary} onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('developer.webhooks.add')}
        </button>
      }
    >
      {created && (
        <SecretPanel
          title={t('developer.secret.webhookTitle')}
          secret={created}
          use={t('developer.secret.webhookUse')}
          onDone={() => setCreated(null)}
        />
      )}
      {webhooks.isPending ? (
        <Loading label={t('developer.webhooks.loading')} />
      ) : webhooks.isError ? (
        <LoadError message={t('developer.webhooks.loadFailed')} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.length === 0 ? (
        <Empty icon={WebhookIcon} title={t('developer.webhooks.emptyTitle')} body={t('developer.webhooks.emptyBody')} />
      ) : (
        <ul aria-label={t('developer.webhooks.list')} className="space-y-3">
          {webhooks.data.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} onEdit={() => setEditing(webhook)} onDelete={() => setDeleting(webhook)} />
          ))}
        </ul>
      )}
      <WebhookDialog
        open={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(_webhook, secret) => {
          setEditing(null);
          setCreated(secret);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('developer.webhooks.deleteTitle')}
        text={t('developer.webhooks.deleteConfirm', { url: deleting?.url ?? '' })}
        action={t('developer.webhooks.delete')}
        busyAction={t('developer.webhooks.deleting')}
        icon={Trash2}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}

function WebhookRow({ webhook, onEdit, onDelete }: { webhook: Webhook; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [pinging, setPinging] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const logId = `webhook-log-${webhook.id}`;

  const ping = async () => {
    setPinging(true);
    try {
      await pingWebhook(webhook.id);
      toast.success(t('developer.webhooks.pinged'));
      setShowLog(true);
      await refreshDeliveries(queryClient, webhook.id);
    } catch (error) {
      toast.error(errorMessage(error, t('developer.webhooks.pingFailed')));
    } finally {
      setPinging(false);
    }
  };

  return (
    <li
      aria-label={webhook.url}
      data-testid="developer-webhook"
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              webhook.enabled
                ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300'
                : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
            }`}
          >
            {t(webhook.enabled ? 'developer.webhooks.active' : 'developer.webhooks.disabled')}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t('developer.webhooks.eventCount', { count: webhook.events.length })}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t('developer.webhooks.added', { date: formatDay(webhook.createdAt) })}
          </span>
        </div>
        <p className="font-mono text-sm break-all text-slate-900 dark:text-white">{webhook.url}</p>
        {webhook.description && <p className="text-sm break-words text-slate-600 dark:text-slate-400">{webhook.description}</p>}
        {webhook.disabledReason && <p className="text-sm text-red-700 dark:text-red-400">{webhook.disabledReason}</p>}
        {webhook.failingSince && (
          <p className="text-sm text-amber-800 dark:text-amber-300">
            {t('developer.webhooks.failingSince', { date: formatDay(webhook.failingSince) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <WebhookAction
          icon={Send}
          label={t('developer.webhooks.ping')}
          named={t('developer.webhooks.pingNamed', { url: webhook.url })}
          onClick={() => void ping()}
          disabled={pinging}
        />
        <WebhookAction
          icon={Pencil}
          label={t('developer.webhooks.edit')}
          named={t('developer.webhooks.editNamed', { url: webhook.url })}
          onClick={onEdit}
        />
        <WebhookAction
          icon={Trash2}
          label={t('developer.webhooks.delete')}
          named={t('developer.webhooks.deleteNamed', { url: webhook.url })}
          onClick={onDelete}
        />
        <button
          type="button"
          className={buttonSecondarySmall}
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          <ChevronDown className={`h-4 w-4 transition ${showLog ? 'rotate-180' : ''}`} aria-hidden="true" />
          {t('developer.webhooks.showLog')}
        </button>
      </div>
      <div id={logId} hidden={!showLog}>
        {showLog && <DeliveryLog webhookId={webhook.id} />}
      </div>
    </li>
  );
}

/** One of a webhook's actions: its icon and short label, named with the webhook's URL for screen readers. */
function WebhookAction({
  icon: Icon,
  label,
  named,
  onClick,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  named: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={buttonSecondarySmall} onClick={onClick} disabled={disabled} aria-label={named}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </button>
  );
}

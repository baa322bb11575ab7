import type { Notification } from '@commonwork/contracts';
import Bell from 'lucide-react/icons/bell';
import Check from 'lucide-react/icons/check';
import CheckCheck from 'lucide-react/icons/check-check';
import Loader2 from 'lucide-react/icons/loader-2';
import MessageSquare from 'lucide-react/icons/message-square';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../shared/api/index.ts';
import { formatRelativeTimeShort } from '../../shared/format/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { buttonGhost, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { toast } from '../../shared/ui/toast.ts';
import { messagePath } from '../community/channels.ts';
import { createChat } from '../marketplace/api.ts';
import { chatIdOf } from '../marketplace/gigDisplay.ts';
import { deleteNotification, markAllRead, markRead, type NotificationTab, useNotificationList } from './api.ts';
import { BrowserAlertsButton } from './BrowserAlertsButton.tsx';
import { useT } from './locales/index.ts';
import { useNotificationContext } from './NotificationProvider.tsx';
import { notificationText } from './words/words.ts';

const TABS = [
  { id: 'all', label: 'notifications.tab.all' },
  { id: 'unread', label: 'notifications.tab.unread' },
  { id: 'read', label: 'notifications.tab.read' },
] as const satisfies readonly { id: NotificationTab; label: string }[];

/**
 * /notifications (spec 002 §2, §4): tabs with counts, Refresh, Mark All Read, and each item's actions.
 * The server writes a notification's title and message in English; they are shown in the language on
 * screen from what the notification carries (`notificationText`).
 */
export function NotificationsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { refreshKey, triggerRefresh } = useNotificationContext();
  const [tab, setTab] = useState<NotificationTab>('all');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useNotificationList(tab, page, refreshKey);
  const data = list.data;

  /** Runs an action, then reloads the list and the badge. */
  const act = async (key: string, action: () => Promise<unknown>, failure: string) => {
    setBusy(key);
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(null);
      triggerRefresh();
    }
  };

  const startChat = (notification: Notification) =>
    act(
      `chat-${notification.id}`,
      async () => {
        const { sender, data: about } = notification;
        if (!sender || !about.gigId) {
          toast.error(t('notifications.noSender'));
          return;
        }
        if (!notification.read) await markRead(notification.id);
        const chatId = chatIdOf(await createChat(sender._id, about.gigId));
        if (!chatId) throw new Error('no chat id');
        navigate(`/inbox/${encodeURIComponent(chatId)}`);
      },
      t('notifications.startChatFailed'),
    );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('notifications.title')}</h1>
          <p className="text-slate-600 dark:text-slate-400">{t('notifications.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BrowserAlertsButton />
          <button type="button" className={buttonSecondary} onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw className={`h-4 w-4 ${list.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
            {t('notifications.refresh')}
          </button>
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => void act('all', markAllRead, t('notifications.markAllReadFailed'))}
            disabled={busy === 'all' || !data?.counts.unread}
          >
            <CheckCheck className="h-4 w-4" aria-hidden="true" />
            {t('notifications.markAllRead')}
          </button>
        </div>
      </header>

      <div role="tablist" aria-label={t('notifications.filters')} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => {
              setTab(id);
              setPage(1);
            }}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === id ? 'border-green-600 text-green-700 dark:text-green-400' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400'}`}
          >
            {t(label, { count: data?.counts[id] ?? 0 })}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-500 dark:text-slate-400">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {t('notifications.loading')}
        </p>
      ) : !data || data.notifications.length === 0 ? (
        <div className={`${cardClass} flex flex-col items-center py-12 text-center`}>
          <Bell className="h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t('notifications.empty')}</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {tab === 'unread' ? t('notifications.caughtUp') : t('notifications.emptyHint')}
          </p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label={t('notifications.list')}>
          {data.notifications.map((n) => (
            <li key={n.id}>
              <article
                aria-label={notificationText(n).title}
                className={`${cardClass} flex gap-4 ${n.read ? '' : 'border-green-300 bg-green-50/60 dark:border-green-800 dark:bg-green-950/30'}`}
              >
                {n.sender ? (
                  <Avatar name={n.sender.name} picture={n.sender.picture} />
                ) : (
                  <Bell
                    className="h-10 w-10 shrink-0 rounded-full bg-slate-100 p-2 text-slate-500 dark:text-slate-400 dark:bg-slate-800"
                    aria-hidden="true"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 className="font-semibold text-slate-900 dark:text-white">
                      {!n.read && <span className="sr-only">{t('notifications.unreadPrefix')} </span>}
                      {notificationText(n).title}
                    </h2>
                    <time dateTime={n.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                      {formatRelativeTimeShort(n.createdAt)}
                    </time>
                  </div>
                  {/* Who sent it, by name (the avatar alone shows initials), and the gig it is about, as a link. */}
                  {n.sender && (
                    <p className="mt-0.5 text-sm font-medium text-slate-800 dark:text-slate-200">
                      {t('notifications.from', { name: n.sender.name })}
                    </p>
                  )}
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{notificationText(n).message}</p>
                  {n.data.gigTitle && (
                    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                      {t('notifications.gig')}{' '}
                      {n.data.gigId ? (
                        <Link
                          to={`/marketplace/${n.data.gigId}`}
                          className="font-medium text-green-700 hover:underline dark:text-green-400"
                        >
                          {n.data.gigTitle}
                        </Link>
                      ) : (
                        n.data.gigTitle
                      )}
                    </p>
                  )}
                  <div className="mt-3 flex flex-wrap gap-2">
                    {n.type === 'gig_interest' && (
                      <button type="button" className={buttonSecondary} onClick={() => void startChat(n)} disabled={busy !== null}>
                        <MessageSquare className="h-4 w-4" aria-hidden="true" />
                        {t('notifications.startChat')}
                      </button>
                    )}
                    {n.data.orderId && (
                      <Link
                        to={`/orders/${encodeURIComponent(n.data.orderId)}`}
                        className={buttonSecondary}
                        onClick={() => {
                          if (!n.read) void markRead(n.id).then(triggerRefresh);
                        }}
                      >
                        <ShoppingCart className="h-4 w-4" aria-hidden="true" />
                        {t('notifications.viewOrder')}
                      </Link>
                    )}
                    {n.data.channelId && n.data.messageId && (
                      <Link
                        to={messagePath(n.data.channelId, n.data.messageId)}
                        className={buttonSecondary}
                        onClick={() => {
                          if (!n.read) void markRead(n.id).then(triggerRefresh);
                        }}
                      >
                        <MessageSquareText className="h-4 w-4" aria-hidden="true" />
                        {t('notifications.openMessage')}
                      </Link>
                    )}
                    {!n.read && (
                      <button
                        type="button"
                        className={buttonGhost}
                        onClick={() => void act(n.id, () => markRead(n.id), t('notifications.markReadFailed'))}
                        disabled={busy !== null}
                      >
                        <Check className="h-4 w-4" aria-hidden="true" />
                        {t('notifications.markRead')}
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${buttonGhost} hover:text-red-600`}
                      onClick={() => void act(n.id, () => deleteNotification(n.id), t('notifications.deleteFailed'))}
                      disabled={busy !== null}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      {t('notifications.delete')}
                    </button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {data && data.pagination.totalPages > 1 && (
        <nav aria-label={t('notifications.pagination')} className="flex items-center justify-center gap-2">
          <button type="button" className={buttonSecondary} onClick={() => setPage(page - 1)} disabled={!data.pagination.hasPrev}>
            {t('notifications.previous')}
          </button>
          <span className="text-sm text-slate-600">
            {t('notifications.page', { page: data.pagination.currentPage, totalPages: data.pagination.totalPages })}
          </span>
          <button type="button" className={buttonSecondary} onClick={() => setPage(page + 1)} disabled={!data.pagination.hasNext}>
            {t('notifications.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

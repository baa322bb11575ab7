import type { StatCounts } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import CalendarDays from 'lucide-react/icons/calendar-days';
import MessageSquare from 'lucide-react/icons/message-square';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/index.ts';
import { formatRelativeTimeLong } from '../../shared/format/index.ts';
import { ChangeBadge } from '../../shared/ui/ChangeBadge.tsx';
import { buttonGhost, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { toast } from '../../shared/ui/toast.ts';
import { refreshUserStats, statsKey, useUserStats } from './api.ts';
import { type t, useT } from './locales/index.ts';

const CARDS: { key: keyof StatCounts; label: Parameters<typeof t>[0]; to: string; icon: LucideIcon }[] = [
  { key: 'activeGigs', label: 'profile.stats.activeGigs', to: '/marketplace', icon: ShoppingBag },
  { key: 'events', label: 'profile.stats.events', to: '/events', icon: CalendarDays },
  { key: 'messages', label: 'profile.stats.messages', to: '/inbox', icon: MessageSquare },
];

/**
 * 'Your Statistics' (spec 000 §2, §4, §8): active gigs, events and messages with their change against
 * last month when there is one to compare with (none for someone who just arrived), each opening its screen; read every 5 minutes, refreshed on demand, Retry on error.
 */
export function YourStatistics({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const stats = useUserStats(userId);
  const [refreshing, setRefreshing] = useState(false);
  const t = useT();

  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(statsKey(userId), await refreshUserStats(userId));
    } catch {
      toast.error(t('profile.stats.refreshFailed'));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <section className={cardClass} aria-labelledby="your-statistics">
      <div className="flex items-center justify-between">
        <h2 id="your-statistics" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('profile.stats.title')}
        </h2>
        <button
          type="button"
          className={buttonGhost}
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-label={t('profile.stats.refresh')}
        >
          <RefreshCw className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
        </button>
      </div>
      {stats.isError ? (
        <div className="mt-4 space-y-3 text-sm">
          <p className="text-red-600 dark:text-red-400">
            {t('profile.stats.loadFailed', { detail: errorMessage(stats.error, t('profile.stats.fetchFailed')) })}
          </p>
          <button type="button" className={buttonSecondary} onClick={() => void stats.refetch()}>
            {t('profile.stats.retry')}
          </button>
        </div>
      ) : (
        <ul className="mt-4 space-y-2">
          {CARDS.map(({ key, label, to, icon: Icon }) => {
            return (
              <li key={key}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 transition hover:border-green-300 hover:bg-green-50 dark:border-slate-700 dark:hover:bg-green-950/40"
                >
                  <Icon className="h-5 w-5 text-green-700 dark:text-green-400" aria-hidden="true" />
                  <span className="flex-1 text-sm text-slate-600 dark:text-slate-300">{t(label)}</span>
                  {stats.isPending ? (
                    <span className="h-5 w-10 animate-pulse rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
                  ) : (
                    <>
                      <span className="text-lg font-bold text-slate-900 dark:text-white">{stats.data?.stats[key]}</span>
                      <ChangeBadge percent={stats.data?.stats.changes[key]} />
                    </>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {stats.data && (
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
          {t('profile.stats.updated', { when: formatRelativeTimeLong(stats.data.lastUpdated) })}
        </p>
      )}
    </section>
  );
}

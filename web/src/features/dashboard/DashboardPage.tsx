import { DASHBOARD_LIST_SIZES, TIMINGS } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import CalendarDays from 'lucide-react/icons/calendar-days';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import UserRound from 'lucide-react/icons/user-round';
import { useState } from 'react';
import { formatDate } from '../../shared/format/dates.ts';
import { useNow } from '../../shared/hooks/useNow.ts';
import { buttonSecondary } from '../../shared/ui/classes.ts';
import { LinePlaceholder } from '../../shared/ui/LinePlaceholder.tsx';
import { MembershipBadge } from '../../shared/ui/MembershipBadge.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useDashboard } from './api.ts';
import { ListSkeleton, TopFreelancers, TrendingGigs, UpcomingEvents } from './DashboardLists.tsx';
import { EmptyState } from './EmptyState.tsx';
import { firstNameOf, greetingLine } from './greeting.ts';
import { ListCard } from './ListCard.tsx';
import { useT } from './locales/index.ts';
import { ProTip } from './ProTip.tsx';
import { QuickActions } from './QuickActions.tsx';
import { StatTiles } from './StatTiles.tsx';
import { tileValues } from './tiles.ts';

/**
 * The signed-in home (spec 000 §2), from one call: trending gigs, top freelancers, upcoming events,
 * and tiles from the person's gig analytics. Sections show skeletons while loading; a section its
 * service could not give is empty (spec 000 §8), and a tile shows no figure it does not have.
 */
export function DashboardPage() {
  const t = useT();
  const { user } = useAuth();
  const now = useNow(TIMINGS.dashboardClockMs);
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const dashboard = useDashboard();
  const data = dashboard.data;
  const loading = dashboard.isPending;
  const tiles = tileValues(data?.analytics ?? null, data?.stats ?? null);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries();
    } finally {
      setRefreshing(false);
    }
  };

  const firstName = firstNameOf(user?.name);
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          {/* A pre-rendered page knows neither the time nor the person until it hydrates: placeholders of the lines' heights. */}
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {now ? (
              <time dateTime={now.toISOString()}>{formatDate(now, 'EEEE, MMMM d · h:mm a', 'PPPP · p')}</time>
            ) : (
              <LinePlaceholder width="w-48" />
            )}
          </p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900 dark:text-white">
            {now ? greetingLine(now, firstName) : <LinePlaceholder width="w-72" />}
          </h1>
          <MembershipBadge plan={user?.plan} className="mt-2" />
        </div>
        <button type="button" className={buttonSecondary} onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
          {t('dashboard.refresh')}
        </button>
      </header>

      <QuickActions />
      <StatTiles {...tiles} loading={loading} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ListCard title={t('dashboard.trending.title')} link={{ to: '/marketplace', label: t('dashboard.viewAll') }}>
            {loading ? (
              <ListSkeleton rows={DASHBOARD_LIST_SIZES.trending} />
            ) : data?.trendingGigs.length ? (
              <TrendingGigs gigs={data.trendingGigs} />
            ) : (
              <EmptyState
                icon={ShoppingBag}
                message={t('dashboard.trending.empty')}
                action={{ to: '/marketplace/create', label: t('dashboard.trending.post') }}
              />
            )}
          </ListCard>
          <ListCard title={t('dashboard.events.title')} link={{ to: '/events', label: t('dashboard.viewAll') }}>
            {loading ? (
              <ListSkeleton rows={DASHBOARD_LIST_SIZES.events} />
            ) : data?.upcomingEvents.length ? (
              <UpcomingEvents events={data.upcomingEvents} />
            ) : (
              <EmptyState
                icon={CalendarDays}
                message={t('dashboard.events.empty')}
                action={{ to: '/events/create', label: t('dashboard.events.create') }}
              />
            )}
          </ListCard>
        </div>
        <div className="space-y-6">
          <ListCard title={t('dashboard.freelancers.title')}>
            {loading ? (
              <ListSkeleton rows={DASHBOARD_LIST_SIZES.freelancers} />
            ) : data?.topFreelancers.length ? (
              <TopFreelancers people={data.topFreelancers} />
            ) : (
              <EmptyState icon={UserRound} message={t('dashboard.freelancers.empty')} />
            )}
          </ListCard>
          <ProTip />
        </div>
      </div>
    </div>
  );
}

import { DASHBOARD_LIST_SIZES, TIMINGS } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import CalendarDays from 'lucide-react/icons/calendar-days';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import UserRound from 'lucide-react/icons/user-round';
import { useState } from 'react';
import { useNow } from '../../shared/hooks/useNow.ts';
import { buttonSecondary } from '../../shared/ui/classes.ts';
import { LinePlaceholder } from '../../shared/ui/LinePlaceholder.tsx';
import { MembershipBadge } from '../../shared/ui/MembershipBadge.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useDashboard } from './api.ts';
import { ListSkeleton, TopFreelancers, TrendingGigs, UpcomingEvents } from './DashboardLists.tsx';
import { EmptyState } from './EmptyState.tsx';
import { firstNameOf, greetingFor } from './greeting.ts';
import { ListCard } from './ListCard.tsx';
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
            {now ? <time dateTime={now.toISOString()}>{format(now, 'EEEE, MMMM d · h:mm a')}</time> : <LinePlaceholder width="w-48" />}
          </p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900 dark:text-white">
            {now ? `${greetingFor(now)}${firstName ? `, ${firstName}` : ''}!` : <LinePlaceholder width="w-72" />}
          </h1>
          <MembershipBadge plan={user?.plan} className="mt-2" />
        </div>
        <button type="button" className={buttonSecondary} onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
          Refresh
        </button>
      </header>

      <QuickActions />
      <StatTiles {...tiles} loading={loading} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ListCard title="Trending Gigs" link={{ to: '/marketplace', label: 'View all' }}>
            {loading ? (
              <ListSkeleton rows={DASHBOARD_LIST_SIZES.trending} />
            ) : data?.trendingGigs.length ? (
              <TrendingGigs gigs={data.trendingGigs} />
            ) : (
              <EmptyState
                icon={ShoppingBag}
                message="No gigs are trending yet. Be the first to offer your skills."
                action={{ to: '/marketplace/create', label: 'Post a Gig' }}
              />
            )}
          </ListCard>
          <ListCard title="Upcoming Events" link={{ to: '/events', label: 'View all' }}>
            {loading ? (
              <ListSkeleton rows={DASHBOARD_LIST_SIZES.events} />
            ) : data?.upcomingEvents.length ? (
              <UpcomingEvents events={data.upcomingEvents} />
            ) : (
              <EmptyState icon={CalendarDays} message="No upcoming events yet." action={{ to: '/events/create', label: 'Create Event' }} />
            )}
          </ListCard>
        </div>
        <div className="space-y-6">
          <ListCard title="Top Freelancers">
            {loading ? (
              <ListSkeleton rows={DASHBOARD_LIST_SIZES.freelancers} />
            ) : data?.topFreelancers.length ? (
              <TopFreelancers people={data.topFreelancers} />
            ) : (
              <EmptyState icon={UserRound} message="Top freelancers will appear here as the community grows." />
            )}
          </ListCard>
          <ProTip />
        </div>
      </div>
    </div>
  );
}

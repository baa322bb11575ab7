import { earnsTopRated, TOP_RATED_RULE } from '@commonwork/contracts';
import Award from 'lucide-react/icons/award';
import CalendarDays from 'lucide-react/icons/calendar-days';
import MessageSquare from 'lucide-react/icons/message-square';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from 'react-router-dom';
import { reviewsText } from '../../shared/figures/figures.ts';
import { cardClass } from '../../shared/ui/classes.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useT } from './locales/index.ts';
import { YourStatistics } from './YourStatistics.tsx';

const QUICK_ACTIONS = [
  { to: '/inbox', label: 'profile.sidebar.messages', icon: MessageSquare },
  { to: '/events', label: 'profile.sidebar.events', icon: CalendarDays },
  { to: '/marketplace', label: 'profile.sidebar.gigs', icon: ShoppingBag },
] as const;

/**
 * Quick Actions, Your Statistics and, only for someone who earned it by the Top Rated rule, the 'Top
 * Performer' card (spec 000 §2 had it for everyone, with a fixed 'top 10%' claim).
 */
export function ProfileSidebar({ userId }: { userId: string }) {
  const { user } = useAuth();
  const t = useT();
  return (
    <aside className="space-y-6" aria-label={t('profile.sidebar.label')}>
      <section className={cardClass}>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('profile.sidebar.quickActions')}</h2>
        <ul className="mt-4 space-y-2">
          {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-green-50 hover:text-green-700 dark:text-slate-300 dark:hover:bg-green-950/50 dark:hover:text-green-300"
              >
                <Icon className="h-5 w-5" aria-hidden="true" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <YourStatistics userId={userId} />
      {user && earnsTopRated(user.rating, user.reviewCount) && <TopPerformer rating={user.rating} reviews={user.reviewCount} />}
    </aside>
  );
}

/** The card of someone Top Rated, saying what earned it. */
function TopPerformer({ rating, reviews }: { rating: number; reviews: number }) {
  const text = reviewsText(rating, reviews);
  const t = useT();
  return (
    <section className="rounded-2xl bg-gradient-to-br from-amber-400 to-orange-500 p-6 text-white shadow-sm">
      <Award className="h-8 w-8" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold">{t('profile.topPerformer.title')}</h2>
      <p className="mt-1 text-sm text-amber-50">
        {t('profile.topPerformer.text', {
          rating: text.rating,
          reviews: text.reviews,
          minRating: TOP_RATED_RULE.minRating,
          minReviews: TOP_RATED_RULE.minReviews,
        })}
      </p>
    </section>
  );
}

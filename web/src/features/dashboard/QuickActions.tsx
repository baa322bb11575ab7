import type { LucideIcon } from 'lucide-react';
import CalendarDays from 'lucide-react/icons/calendar-days';
import PlusCircle from 'lucide-react/icons/plus-circle';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Users from 'lucide-react/icons/users';
import { Link } from 'react-router-dom';
import type english from './locales/en.json';
import { useT } from './locales/index.ts';

type MessageId = keyof typeof english;

interface QuickAction {
  to: string;
  title: MessageId;
  description: MessageId;
  icon: LucideIcon;
}

const QUICK_ACTIONS: QuickAction[] = [
  { to: '/marketplace/create', title: 'dashboard.actions.createGig', description: 'dashboard.actions.createGigText', icon: PlusCircle },
  { to: '/marketplace', title: 'dashboard.actions.browse', description: 'dashboard.actions.browseText', icon: ShoppingBag },
  { to: '/events', title: 'dashboard.actions.events', description: 'dashboard.actions.eventsText', icon: CalendarDays },
  { to: '/community', title: 'dashboard.actions.community', description: 'dashboard.actions.communityText', icon: Users },
];

export function QuickActions() {
  const t = useT();
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="sr-only">
        {t('dashboard.actions.title')}
      </h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {QUICK_ACTIONS.map(({ to, title, description, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-green-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-green-800"
          >
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-green-100 text-green-700 group-hover:bg-green-700 group-hover:text-white dark:bg-green-950 dark:text-green-300">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t(title)}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t(description)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}

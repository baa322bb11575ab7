import {
  CalendarDays,
  DollarSign,
  FolderKanban,
  type LucideIcon,
  PlusCircle,
  ShoppingBag,
  Sparkles,
  Target,
  TrendingUp,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonPrimary, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';

interface QuickAction {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

const QUICK_ACTIONS: QuickAction[] = [
  { to: '/marketplace/create', title: 'Create Gig', description: 'Offer your skills to clients', icon: PlusCircle },
  { to: '/marketplace', title: 'Browse Gigs', description: 'Find work that fits you', icon: ShoppingBag },
  { to: '/events', title: 'Events', description: 'Hackathons, workshops, conferences', icon: CalendarDays },
  { to: '/community', title: 'Community', description: 'Join the discussion', icon: Users },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="sr-only">
        Quick actions
      </h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {QUICK_ACTIONS.map(({ to, title, description, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-green-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-green-800"
          >
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-green-100 text-green-700 group-hover:bg-green-600 group-hover:text-white dark:bg-green-950 dark:text-green-300">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <p className="mt-3 font-semibold text-slate-900 dark:text-white">{title}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}

interface StatTile {
  label: string;
  value: string;
  /** Fixed text of the spec (000 §9). */
  change: string;
  icon: LucideIcon;
}

export function StatTiles({
  activeProjects,
  totalEarnings,
  successRate,
}: {
  activeProjects: string;
  totalEarnings: string;
  successRate: string;
}) {
  const tiles: StatTile[] = [
    { label: 'Active Projects', value: activeProjects, change: '+8%', icon: FolderKanban },
    { label: 'Total Earnings', value: totalEarnings, change: '+15%', icon: DollarSign },
    { label: 'Success Rate', value: successRate, change: '+2%', icon: Target },
  ];
  return (
    <section aria-label="Your numbers" className="grid gap-4 sm:grid-cols-3">
      {tiles.map(({ label, value, change, icon: Icon }) => (
        <div key={label} className={cardClass}>
          <div className="flex items-center justify-between">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-700 dark:bg-green-950 dark:text-green-300">
              <TrendingUp className="h-3 w-3" aria-hidden="true" />
              {change}
            </span>
          </div>
          <p className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{value}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        </div>
      ))}
    </section>
  );
}

interface ListCardProps {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}

export function ListCard({ title, link, children }: ListCardProps) {
  return (
    <section className={cardClass} aria-label={title}>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
        {link && (
          <Link to={link.to} className="text-sm font-medium text-green-700 hover:underline dark:text-green-400">
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

interface EmptyStateProps {
  icon: LucideIcon;
  message: string;
  action?: { to: string; label: string };
}

export function EmptyState({ icon: Icon, message, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-200 px-4 py-8 text-center dark:border-slate-700">
      <Icon className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{message}</p>
      {action && (
        <Link to={action.to} className={`${buttonPrimary} mt-4`}>
          {action.label}
        </Link>
      )}
    </div>
  );
}

export function ProTip() {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-green-600 to-emerald-800 p-6 text-white shadow-sm">
      <div className="flex items-center gap-2">
        <Sparkles className="h-5 w-5" aria-hidden="true" />
        <h2 className="font-semibold">Pro tip</h2>
      </div>
      <p className="mt-2 text-sm text-green-50">
        Profiles with a bio, skills and social links get noticed by more clients. Take a minute to polish yours.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/profile" className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-green-700 hover:bg-green-50">
          Complete Profile
        </Link>
        <Link to="/settings" className={`${buttonSecondary} !border-white/40 !bg-transparent !px-3 !py-1.5 !text-white hover:!bg-white/10`}>
          Settings
        </Link>
      </div>
    </section>
  );
}

import type { LucideIcon } from 'lucide-react';
import DollarSign from 'lucide-react/icons/dollar-sign';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import Target from 'lucide-react/icons/target';
import TrendingUp from 'lucide-react/icons/trending-up';
import { cardClass } from '../../shared/ui/classes.ts';

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
  loading,
}: {
  activeProjects: string;
  totalEarnings: string;
  successRate: string;
  loading: boolean;
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
          {loading ? (
            <span className="mt-4 block h-8 w-20 animate-pulse rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
          ) : (
            <p className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{value}</p>
          )}
          <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        </div>
      ))}
    </section>
  );
}

import type { PlatformFigures } from '@commonwork/contracts';
import Briefcase from 'lucide-react/icons/briefcase';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Plus from 'lucide-react/icons/plus';
import Users from 'lucide-react/icons/users';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from './browse/locales/index.ts';

import { marketplaceFigures } from './marketplaceFigures.ts';
import { usePlatformFigures } from './usePlatformFigures.ts';

const FIGURE_ICONS: Record<keyof PlatformFigures, typeof Users> = { members: Users, activeGigs: Briefcase, events: CalendarDays };

/**
 * The marketplace hero: title, the platform in numbers as it counts them (not spec 001 §1's fixed
 * marketing figures), Create Gig, and the search box below. No figures while they load or if they fail.
 */
export function MarketplaceHero({ children }: { children: ReactNode }) {
  const t = useT();
  const figures = marketplaceFigures(usePlatformFigures().data);
  return (
    <section className="rounded-3xl bg-gradient-to-br from-green-600 via-green-700 to-emerald-800 p-6 text-white shadow-sm sm:p-10 dark:from-green-800 dark:via-green-900 dark:to-emerald-950">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{t('marketplace.hero.title')}</h1>
          <p className="mt-2 max-w-2xl text-green-50">{t('marketplace.hero.text')}</p>
        </div>
        <Link
          to="/marketplace/create"
          className="inline-flex items-center justify-center gap-2 self-start rounded-lg bg-white px-4 py-2 text-sm font-semibold text-green-700 shadow-sm transition hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white lg:self-auto"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('marketplace.createGig')}
        </Link>
      </div>
      <ul className="mt-6 grid min-h-14 grid-cols-3 gap-3 sm:max-w-xl" aria-label={t('marketplace.hero.figures')}>
        {figures.map(({ key, value, label }) => {
          const Icon = FIGURE_ICONS[key];
          return (
            <li key={key} className="flex items-center gap-3 rounded-xl bg-white/10 px-3 py-2 backdrop-blur">
              <Icon className="hidden h-6 w-6 shrink-0 text-green-100 sm:block" aria-hidden="true" />
              <p className="flex flex-col">
                <strong className="text-xl font-bold sm:text-2xl">{value}</strong>{' '}
                <span className="text-xs text-green-50 sm:text-sm">{label}</span>
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-6">{children}</div>
    </section>
  );
}

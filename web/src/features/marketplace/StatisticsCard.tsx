import type { Gig } from '@commonwork/contracts';
import BarChart3 from 'lucide-react/icons/bar-chart-3';
import Eye from 'lucide-react/icons/eye';
import Heart from 'lucide-react/icons/heart';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { formatCount } from '../../shared/format/index.ts';
import { cardClass } from '../../shared/ui/classes.ts';
import { useT } from './browse/locales/index.ts';

/** Views, favorites and orders as the gig has them; a real 0 shows 0 (spec 001 §9's defaults 245, 43, 89 were nobody's). */
export function StatisticsCard({ gig }: { gig: Gig }) {
  const t = useT();
  const rows = [
    { label: t('marketplace.stats.views'), value: gig.views, icon: Eye },
    { label: t('marketplace.stats.favorites'), value: gig.favorites, icon: Heart },
    { label: t('marketplace.stats.orders'), value: gig.orders, icon: ShoppingCart },
  ];
  return (
    <section className={cardClass} aria-labelledby="statistics-title">
      <h2 id="statistics-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <BarChart3 className="h-5 w-5 text-green-600" aria-hidden="true" />
        {t('marketplace.stats.title')}
      </h2>
      <dl className="mt-4 space-y-3">
        {rows.map(({ label, value, icon: Icon }) => (
          <div key={label} className="flex items-center justify-between text-sm">
            <dt className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

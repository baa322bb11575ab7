import TrendingDown from 'lucide-react/icons/trending-down';
import TrendingUp from 'lucide-react/icons/trending-up';
import { changeText } from '../figures/figures.ts';
import { useT } from '../locales/index.ts';

/** A figure's change against the same day last month; nothing at all when there is none to show. */
export function ChangeBadge({ percent }: { percent: number | null | undefined }) {
  const text = changeText(percent);
  const t = useT();
  if (text === null || percent === null || percent === undefined) return null;
  const down = percent < 0;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        down
          ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300'
          : 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300'
      }`}
      title={t('shared.change.title')}
    >
      {down ? <TrendingDown className="h-3 w-3" aria-hidden="true" /> : <TrendingUp className="h-3 w-3" aria-hidden="true" />}
      {text}
      <span className="sr-only">{t('shared.change.againstLastMonth')}</span>
    </span>
  );
}

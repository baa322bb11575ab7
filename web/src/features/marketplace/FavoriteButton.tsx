import type { Gig } from '@commonwork/contracts';
import Heart from 'lucide-react/icons/heart';
import { buttonSecondary } from '../../shared/ui/classes.ts';
import { useT } from './browse/locales/index.ts';
import { useFavoriteToggle } from './favorites.ts';

const heartIcon = (on: boolean, size: string) => `${size} ${on ? 'fill-red-500 text-red-500' : ''}`;

/**
 * A card's heart and its count. Its freelancer sees the count only: a freelancer cannot favourite
 * their own gig.
 */
export function CardFavorite({ gig, owned }: { gig: Gig; owned: boolean }) {
  const t = useT();
  const on = gig.isFavorite ?? false;
  const count = (
    <span className="tabular-nums">
      {gig.favorites}
      <span className="sr-only"> {t('marketplace.favorite.count', { count: gig.favorites })}</span>
    </span>
  );
  if (owned)
    return (
      <span className="inline-flex items-center gap-1 px-2 text-sm text-slate-500 dark:text-slate-400">
        <Heart className="h-4 w-4" aria-hidden="true" />
        {count}
      </span>
    );
  return <CardHeartButton gig={gig} on={on} count={count} />;
}

function CardHeartButton({ gig, on, count }: { gig: Gig; on: boolean; count: React.ReactNode }) {
  const t = useT();
  const { toggle } = useFavoriteToggle(gig);
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
      <button
        type="button"
        aria-pressed={on}
        aria-label={t('marketplace.favorite.saveLabel', { title: gig.title })}
        title={on ? t('marketplace.detail.saved') : t('marketplace.detail.save')}
        onClick={toggle}
        className="rounded-lg p-2 text-slate-500 transition hover:bg-slate-100 hover:text-red-500 focus-visible:outline-2 focus-visible:outline-green-600 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <Heart className={heartIcon(on, 'h-4 w-4')} aria-hidden="true" />
      </button>
      {count}
    </span>
  );
}

/** The gig page's Save / Saved button, with the count beside the word. */
export function PageFavorite({ gig }: { gig: Gig }) {
  const t = useT();
  const on = gig.isFavorite ?? false;
  const { toggle } = useFavoriteToggle(gig);
  return (
    <button type="button" className={buttonSecondary} aria-pressed={on} onClick={toggle}>
      <Heart className={heartIcon(on, 'h-4 w-4')} aria-hidden="true" />
      {/* The visible word is the button's name (read on narrow screens too); aria-pressed says whether it is on. */}
      <span className="sr-only sm:not-sr-only">{on ? t('marketplace.detail.saved') : t('marketplace.detail.save')}</span>
      <span className="tabular-nums" aria-hidden="true">
        {gig.favorites}
      </span>
    </button>
  );
}

import type { Gig } from '@commonwork/contracts';
import Award from 'lucide-react/icons/award';
import Clock from 'lucide-react/icons/clock';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../shared/format/index.ts';
import { buttonPrimary } from '../../shared/ui/classes.ts';
import { OwnerActions } from '../../shared/ui/OwnerActions.tsx';
import { TagList } from '../../shared/ui/TagList.tsx';
import { useT } from './browse/locales/index.ts';
import { CardFavorite } from './FavoriteButton.tsx';
import { categoryLabel, countText, deliveryLabel, gigIdOf } from './gigDisplay.ts';
import { RatingLine } from './RatingLine.tsx';

interface GigCardProps {
  gig: Gig;
  /** Earned by the Top Rated rule (gigDisplay's isTopRated), never by the card's place in the list. */
  topRated: boolean;
  owned: boolean;
  onDelete: (gig: Gig) => void;
}

/** One gig in the listing (spec 001 §2). */
export function GigCard({ gig, topRated, owned, onDelete }: GigCardProps) {
  const t = useT();
  const id = gigIdOf(gig);
  const titleId = `gig-card-${id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-300">
            {categoryLabel(gig.category)}
          </span>
          {topRated && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-300">
              <Award className="h-3.5 w-3.5" aria-hidden="true" />
              {t('marketplace.card.topRated')}
            </span>
          )}
          {gig.status === 'draft' && (
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
              {t('marketplace.card.draft')}
            </span>
          )}
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('marketplace.pricing.startingAt')}</p>
          <p className="text-lg font-bold text-slate-900 dark:text-white">{formatCurrency(gig.price)}</p>
        </div>
      </div>

      {/* The title is the link to the gig, as people expect of a card (View Details stays for those who look for a button). */}
      <h3 id={titleId} className="mt-3 line-clamp-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Link
          to={`/marketplace/${id}`}
          className="rounded hover:text-green-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600 dark:hover:text-green-400"
        >
          {gig.title}
        </Link>
      </h3>
      <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{gig.description}</p>

      <TagList tags={gig.tags} />

      <div className="mt-auto pt-4">
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t('marketplace.card.rating')}</dt>
            <dd>
              <RatingLine rating={gig.rating} reviews={gig.reviews} />
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t('marketplace.card.deliveryTime')}</dt>
            <Clock className="h-4 w-4" aria-hidden="true" />
            <dd>{deliveryLabel(gig.deliveryTime)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t('marketplace.stats.orders')}</dt>
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            <dd>{countText(gig.orders, 'order')}</dd>
          </div>
        </dl>

        <div className="mt-4 flex items-center gap-2 border-t border-slate-100 pt-4 dark:border-slate-800">
          <Link
            to={`/marketplace/${id}`}
            className={`${buttonPrimary} flex-1`}
            aria-label={t('marketplace.card.viewDetailsOf', { title: gig.title })}
          >
            {t('marketplace.card.viewDetails')}
          </Link>
          <CardFavorite gig={gig} owned={owned} />
          {owned && <OwnerActions title={gig.title} noun="gig" editTo={`/marketplace/${id}/edit`} onDelete={() => onDelete(gig)} />}
        </div>
      </div>
    </article>
  );
}

/** A placeholder card while the first page loads. */
export function GigCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex justify-between">
        <div className="h-5 w-28 rounded-full bg-slate-200 dark:bg-slate-800" />
        <div className="h-8 w-16 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
      <div className="mt-4 h-5 w-4/5 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-3 space-y-2">
        <div className="h-3 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-3 w-11/12 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-3 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
      <div className="mt-4 flex gap-2">
        <div className="h-5 w-14 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-5 w-14 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
      <div className="mt-6 h-9 rounded-lg bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

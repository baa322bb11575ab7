import RefreshCw from 'lucide-react/icons/refresh-cw';
import Star from 'lucide-react/icons/star';
import { noReviewsText } from '../../shared/figures/figures.ts';
import { buttonSecondarySmall, cardClass } from '../../shared/ui/classes.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { type ReviewSource, useReviews } from './api.ts';
import { useT } from './locales/index.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { reviewsOf, summaryText } from './stars.ts';

/**
 * The Reviews section of a gig's page or a person's profile: the summary ('4.8 from 12 reviews'),
 * then the reviews newest first, a page at a time; on a profile each names its gig.
 */
export function ReviewList({ source }: { source: ReviewSource }) {
  const t = useT();
  const reviews = useReviews(source);
  const pages = reviews.data?.pages ?? [];
  const summary = pages[0]?.summary;
  const shown = reviewsOf(pages);
  const headingId = `reviews-${source.kind}-title`;

  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('reviews.title')}
        </h2>
        {summary && summary.count > 0 && (
          <p className="inline-flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300" data-testid="reviews-summary">
            <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            {summaryText(summary)}
          </p>
        )}
      </div>

      {reviews.isPending && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner className="h-4 w-4" />
          {t('reviews.loading')}
        </p>
      )}
      {reviews.isError && shown.length === 0 && (
        <div role="alert" className="mt-4 flex flex-col items-start gap-2">
          <p className="text-sm text-red-600 dark:text-red-400">{t('reviews.failed')}</p>
          <button type="button" onClick={() => void reviews.refetch()} className={buttonSecondarySmall}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {t('reviews.tryAgain')}
          </button>
        </div>
      )}
      {reviews.isSuccess && shown.length === 0 && <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{noReviewsText()}</p>}
      {shown.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((review) => (
            <li key={review.id} className="py-4 first:pt-0 last:pb-0">
              <ReviewCard review={review} showGig={source.kind === 'person'} />
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <div className="mt-4">
          <button
            type="button"
            onClick={() => void reviews.fetchNextPage()}
            disabled={reviews.isFetchingNextPage}
            className={`${buttonSecondarySmall} w-full justify-center`}
          >
            {reviews.isFetchingNextPage && <Spinner className="h-4 w-4" />}
            {t('reviews.more')}
          </button>
          {reviews.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              {t('reviews.moreFailed')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

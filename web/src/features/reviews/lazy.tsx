import { type ComponentProps, lazy, Suspense } from 'react';
import { cardClass } from '../../shared/ui/classes.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import type { ReviewSource } from './api.ts';
import { useT } from './locales/index.ts';

// The reviews come below a page's fold, and with them the orders' contracts; the review form only
// on a completed order: they load after the page's own code, so the gig page, the profile and an
// order's page stay within their JavaScript budget (web/build).
const ReviewList = lazy(() => import('./ReviewList.tsx').then((m) => ({ default: m.ReviewList })));
const OrderReviewPart = lazy(() => import('./OrderReview.tsx').then((m) => ({ default: m.OrderReview })));

function Loading() {
  const t = useT();
  return (
    <section className={cardClass}>
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <Spinner className="h-4 w-4" />
        {t('reviews.loading')}
      </p>
    </section>
  );
}

/** A gig's or a person's Reviews section (ReviewList), its code fetched when it is first shown. */
export function LazyReviewList({ source }: { source: ReviewSource }) {
  return (
    <Suspense fallback={<Loading />}>
      <ReviewList source={source} />
    </Suspense>
  );
}

/** OrderReview, its form's code fetched when an order's page first shows it. */
export function LazyOrderReview(props: ComponentProps<typeof OrderReviewPart>) {
  return (
    <Suspense fallback={<Loading />}>
      <OrderReviewPart {...props} />
    </Suspense>
  );
}

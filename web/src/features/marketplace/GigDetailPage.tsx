import type { Gig } from '@commonwork/contracts';
import { useMutation } from '@tanstack/react-query';
import AlertCircle from 'lucide-react/icons/alert-circle';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import Pencil from 'lucide-react/icons/pencil';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import SearchX from 'lucide-react/icons/search-x';
import Share2 from 'lucide-react/icons/share-2';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isApiError } from '../../shared/api/index.ts';
import { buttonGhost, buttonPrimary, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { LazyReviewList } from '../reviews/lazy.tsx';
import { isGigNotFound, sendGigInterest, useGig } from './api.ts';
import { useT } from './browse/locales/index.ts';
import { PageFavorite } from './FavoriteButton.tsx';
import { FreelancerBlurb } from './FreelancerBlurb.tsx';
import { useFavoriteState } from './favorites.ts';
import { categoryLabel, countText, deliveryLabel, gigIdOf, isOwner, subCategoryLabel } from './gigDisplay.ts';

import { GIG_MESSAGES } from './messages.ts';
import { PricingCard } from './PricingCard.tsx';
import { RatingLine } from './RatingLine.tsx';
import { StatisticsCard } from './StatisticsCard.tsx';
import { useContactFreelancer } from './useContactFreelancer.ts';
import { useGigDeletion } from './useGigDeletion.tsx';

const M = GIG_MESSAGES.detail;

/** /marketplace/:id (spec 001 §2, §4): the gig, its freelancer, pricing actions and statistics. */
export function GigDetailPage() {
  const t = useT();
  const { id } = useParams();
  const query = useGig(id);
  const notFound = query.isError && isGigNotFound(query.error);

  useEffect(() => {
    if (query.isError && !isGigNotFound(query.error)) toast.error(M.loadFailed());
  }, [query.isError, query.error]);

  if (query.isPending) return <LoadingScreen label={t('marketplace.detail.loading')} />;
  if (notFound) return <GigNotFound />;
  if (query.isError) return <DetailLoadError onRetry={() => void query.refetch()} />;
  return <GigDetail gig={query.data} />;
}

function BackButton() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <button type="button" className={`${buttonGhost} -ml-3`} onClick={() => navigate('/marketplace')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('marketplace.detail.back')}
    </button>
  );
}

function GigDetail({ gig: loaded }: { gig: Gig }) {
  const t = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = gigIdOf(loaded);
  // The count others change is re-read on its own (on focus, and now and then): reading the gig again would count a view.
  const heart = useFavoriteState(id).data;
  const gig: Gig = heart ? { ...loaded, favorites: heart.favorites, isFavorite: heart.favorited } : loaded;
  const owned = isOwner(gig, user?.id);
  const { requestDelete, dialog } = useGigDeletion(() => navigate('/marketplace', { replace: true }));

  const contact = useContactFreelancer(gig.freelancer, id);
  const interest = useMutation({
    mutationFn: () => sendGigInterest(id),
    onSuccess: () => toast.success(M.interestSent()),
    // The server's reason when it gave one ('You cannot send interest in your own gig').
    onError: (err) => toast.error(isApiError(err) && err.status !== 404 ? errorMessage(err, M.interestFailed()) : M.interestFailed()),
  });

  const onInterest = () => {
    if (!user) return void toast.error(M.interestLoginRequired());
    interest.mutate();
  };
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(M.linkCopied());
    } catch {
      toast.error(M.linkCopyFailed());
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton />
        <div className="flex flex-wrap items-center gap-2">
          {!owned && <PageFavorite gig={gig} />}
          <button type="button" className={buttonSecondary} onClick={() => void share()} aria-label={t('marketplace.detail.shareLabel')}>
            <Share2 className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t('marketplace.detail.share')}</span>
          </button>
          {owned && (
            <>
              <Link to={`/marketplace/${id}/edit`} className={buttonSecondary}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t('marketplace.detail.edit')}
              </Link>
              <button type="button" className={`${buttonSecondary} text-red-600 dark:text-red-400`} onClick={() => requestDelete(gig)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('marketplace.detail.delete')}
              </button>
            </>
          )}
        </div>
      </div>

      {/* Small screens: the gig, then pricing, then the freelancer; wide screens: pricing in a right column. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <article className={`${cardClass} min-w-0 lg:col-span-2`} aria-labelledby="gig-title">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-full bg-green-100 px-2.5 py-0.5 font-semibold text-green-800 dark:bg-green-950 dark:text-green-300">
              {categoryLabel(gig.category)}
            </span>
            {gig.subCategory && <span className="text-slate-500 dark:text-slate-400">{subCategoryLabel(gig.subCategory)}</span>}
            {gig.status === 'draft' && (
              <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                {t('marketplace.card.draft')}
              </span>
            )}
            <span className="ml-auto inline-flex items-center gap-1 text-slate-500 dark:text-slate-400">
              <Eye className="h-4 w-4" aria-hidden="true" />
              {countText(gig.views, 'view')}
            </span>
          </div>
          <h1 id="gig-title" className="mt-3 text-2xl font-bold break-words text-slate-900 sm:text-3xl dark:text-white">
            {gig.title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
            <RatingLine rating={gig.rating} reviews={gig.reviews} />
            <span className="inline-flex items-center gap-1">
              <ShoppingCart className="h-4 w-4" aria-hidden="true" />
              {t('marketplace.count.ordersCompleted', { count: gig.orders })}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="h-4 w-4" aria-hidden="true" />
              {t('marketplace.detail.delivery', { time: deliveryLabel(gig.deliveryTime) })}
            </span>
          </div>

          <h2 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">{t('marketplace.detail.description')}</h2>
          <p className="mt-2 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{gig.description}</p>

          <h2 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">{t('marketplace.detail.skills')}</h2>
          {gig.tags.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('marketplace.detail.skills')}>
              {gig.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-300"
                >
                  {tag}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('marketplace.detail.noSkills')}</p>
          )}
        </article>

        <aside className="space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1" aria-label={t('marketplace.detail.orderThis')}>
          <PricingCard
            gig={gig}
            owned={owned}
            onContact={contact.start}
            onInterest={onInterest}
            contacting={contact.pending}
            sendingInterest={interest.isPending}
          />
          <StatisticsCard gig={gig} />
        </aside>
        <div className="min-w-0 lg:col-span-2">
          <FreelancerBlurb gig={gig} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <LazyReviewList source={{ kind: 'gig', id }} />
        </div>
      </div>
      {dialog}
    </div>
  );
}

function GigNotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <SearchX className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{M.notFoundTitle()}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{M.notFoundText()}</p>
      <Link to="/marketplace" className={`${buttonPrimary} mt-6`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('marketplace.detail.back')}
      </Link>
    </div>
  );
}

function DetailLoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl py-16 text-center" role="alert">
      <AlertCircle className="mx-auto h-12 w-12 text-red-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{M.loadFailed()}</h1>
      <div className="mt-6 flex justify-center gap-2">
        <BackButton />
        <button type="button" className={buttonPrimary} onClick={onRetry}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('marketplace.listing.tryAgain')}
        </button>
      </div>
    </div>
  );
}

import { type AiSearchResult, TIMINGS } from '@commonwork/contracts';
import { useMutation } from '@tanstack/react-query';
import AlertCircle from 'lucide-react/icons/alert-circle';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Heart from 'lucide-react/icons/heart';
import Loader2 from 'lucide-react/icons/loader-2';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/index.ts';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { useHydrated } from '../../shared/hooks/useHydrated.tsx';

import { buttonPrimary, buttonSecondary } from '../../shared/ui/classes.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { AiPanel } from './AiPanel.tsx';
import { aiSearch, useGigListing } from './api.ts';
import { useT } from './browse/locales/index.ts';
import { refinementLabels } from './filterLabels.ts';
import { GigCard, GigCardSkeleton } from './GigCard.tsx';
import { gigIdOf, isOwner, isTopRated } from './gigDisplay.ts';
import {
  type AiRefinements,
  applyAiResult,
  DEFAULT_FILTERS,
  type GigFilters,
  hasActiveFilters,
  type ListingParams,
  paramsKey,
} from './listing.ts';

import { MarketplaceHero } from './MarketplaceHero.tsx';
import { GIG_MESSAGES, resultCountText, showingText } from './messages.ts';
import { NoGigs } from './NoGigs.tsx';
import { SearchBar } from './SearchBar.tsx';
import { SmartFilters } from './SmartFilters.tsx';
import { TrendingSkills } from './TrendingSkills.tsx';
import { useGigDeletion } from './useGigDeletion.tsx';

/** The listing waits this long after the last filter or search change (spec 001 §9: 300 ms). */
const RELOAD_DEBOUNCE_MS = TIMINGS.suggestionDebounceMs;
const sameParams = (a: ListingParams, b: ListingParams) => paramsKey(a) === paramsKey(b);
const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** /marketplace (spec 001 §2, §4): filters, AI search, suggestions, cards, Load More. */
export function MarketplacePage() {
  const t = useT();
  const { user } = useAuth();
  const [filters, setFilters] = useState<GigFilters>(DEFAULT_FILTERS);
  const [search, setSearch] = useState('');
  const [refinements, setRefinements] = useState<AiRefinements>({});
  const [aiResult, setAiResult] = useState<AiSearchResult | null>(null);
  const { requestDelete, dialog } = useGigDeletion();
  // In the address: a link, a reload or Back keeps the Favourites list.
  const [address, setAddress] = useSearchParams();
  const favorites = address.get('favorites') === 'true';
  // The page comes pre-rendered without the address's query: the filter card shows it once React has taken over.
  const hydrated = useHydrated();
  const setFavorites = (on: boolean) =>
    setAddress(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('favorites', 'true');
        else next.delete('favorites');
        return next;
      },
      { replace: true },
    );

  const params = useMemo<ListingParams>(
    () => ({ ...filters, search, ...refinements, ...(favorites && { favorites }) }),
    [filters, search, refinements, favorites],
  );
  const debounced = useDebouncedValue(params, RELOAD_DEBOUNCE_MS, sameParams);
  const listing = useGigListing(debounced, user?.id ?? null);
  const {
    data,
    error,
    isPending,
    isError,
    isFetchNextPageError,
    isPlaceholderData,
    errorUpdatedAt,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  } = listing;

  const loadFailed = isError && !isFetchNextPageError;
  // One toast per failed first load (a failed Load More has its own toast below).
  useEffect(() => {
    if (loadFailed && errorUpdatedAt) toast.error(GIG_MESSAGES.listing.loadFailed());
  }, [loadFailed, errorUpdatedAt]);

  const gigs = useMemo(() => data?.pages.flatMap((page) => page.gigs) ?? [], [data]);
  const total = data?.pages.at(-1)?.pagination.totalGigs ?? 0;
  // A page of cards is the screen's largest render: drawn in the background (a deferred value, which
  // React draws in slices), it no longer holds a phone's main thread in one long task when the first
  // page arrives. The skeletons stay until the cards are drawn.
  const shownGigs = useDeferredValue(gigs);
  const drawingCards = gigs.length > 0 && shownGigs.length === 0;

  const ai = useMutation({
    mutationFn: aiSearch,
    onSuccess: (result) => {
      // The box keeps the person's words; what was understood shows as filters and chips beside it.
      const applied = applyAiResult(result);
      setFilters(applied.filters);
      setRefinements(applied.refinements);
      setAiResult(result);
    },
    onError: () => {
      // Regular search on the typed words, every filter back to its default.
      setFilters(DEFAULT_FILTERS);
      setRefinements({});
      setAiResult(null);
      toast.error(GIG_MESSAGES.listing.aiFailed());
    },
  });

  const runAiSearch = (query: string) => {
    const trimmed = query.trim();
    if (!trimmed || ai.isPending) return;
    setSearch(query);
    ai.mutate(trimmed);
  };

  const dismissAi = () => {
    setAiResult(null);
    setRefinements({});
  };
  const changeSearch = (value: string) => {
    setSearch(value);
    dismissAi();
  };
  const clearAll = () => {
    setFilters(DEFAULT_FILTERS);
    setSearch('');
    setFavorites(false);
    dismissAi();
  };
  const loadMore = async () => {
    const result = await fetchNextPage();
    if (result.isFetchNextPageError) toast.error(GIG_MESSAGES.listing.loadMoreFailed());
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <MarketplaceHero>
        <SearchBar value={search} onChange={changeSearch} onAiSearch={() => runAiSearch(search)} aiSearching={ai.isPending} />
      </MarketplaceHero>

      {aiResult && (
        <AiPanel
          result={aiResult}
          refinements={refinementLabels(refinements)}
          onSuggestion={(suggestion) => runAiSearch(suggestion)}
          onDismiss={dismissAi}
        />
      )}

      {/* Small screens: filters, results, then trending skills; wide screens: both cards in a left column. */}
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-1 lg:row-start-1">
          <SmartFilters
            filters={filters}
            onChange={setFilters}
            favorites={hydrated && favorites}
            onFavoritesChange={setFavorites}
            onClear={clearAll}
            canClear={hydrated && hasActiveFilters(params)}
          />
        </div>
        <div className="order-last lg:order-none lg:col-start-1 lg:row-start-2">
          <TrendingSkills active={search} onPick={changeSearch} />
        </div>

        <section aria-labelledby="results-title" className="min-w-0 space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="flex flex-wrap items-baseline justify-between gap-2" aria-live="polite">
            <h2 id="results-title" className="text-xl font-semibold text-slate-900 dark:text-white">
              {isPending ? t('marketplace.listing.loading') : loadFailed ? t('marketplace.listing.results') : resultCountText(total)}
            </h2>
            {!isPending && !loadFailed && total > 0 && (
              <p className="text-sm text-slate-500 dark:text-slate-400">{showingText(gigs.length, total)}</p>
            )}
          </div>

          {isPending || drawingCards ? (
            <div className="grid gap-5 md:grid-cols-2 2xl:grid-cols-3" role="status" aria-label={t('marketplace.listing.loadingLabel')}>
              {SKELETONS.map((key) => (
                <GigCardSkeleton key={key} />
              ))}
            </div>
          ) : loadFailed ? (
            <LoadError message={errorMessage(error, GIG_MESSAGES.listing.loadFailed())} onRetry={() => void listing.refetch()} />
          ) : gigs.length === 0 && favorites ? (
            <NoGigs
              icon={Heart}
              title={t('marketplace.favorite.emptyTitle')}
              hint={t('marketplace.favorite.emptyHint')}
              action={
                <button type="button" className={`${buttonPrimary} mt-5`} onClick={() => setFavorites(false)}>
                  {t('marketplace.favorite.browseAll')}
                </button>
              }
            />
          ) : gigs.length === 0 ? (
            <NoGigs title={GIG_MESSAGES.listing.emptyTitle()} hint={GIG_MESSAGES.listing.emptyHint()} />
          ) : (
            <>
              <ul
                className={`grid gap-5 transition-opacity md:grid-cols-2 2xl:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
                aria-label={t('marketplace.listing.gigsLabel')}
                aria-busy={isPlaceholderData}
              >
                {shownGigs.map((gig) => (
                  <li key={gigIdOf(gig)}>
                    <GigCard gig={gig} topRated={isTopRated(gig)} owned={isOwner(gig, user?.id)} onDelete={requestDelete} />
                  </li>
                ))}
              </ul>
              {hasNextPage && (
                <div className="flex justify-center pt-2">
                  <button type="button" className={buttonSecondary} onClick={() => void loadMore()} disabled={isFetchingNextPage}>
                    {isFetchingNextPage ? (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                    ) : (
                      <ChevronDown className="h-4 w-4" aria-hidden="true" />
                    )}
                    {GIG_MESSAGES.listing.loadMore()}
                  </button>
                </div>
              )}
            </>
          )}
        </section>
      </div>
      {dialog}
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  const loadFailed = GIG_MESSAGES.listing.loadFailed();
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <AlertCircle className="h-10 w-10 text-red-500" aria-hidden="true" />
      <p className="mt-3 font-semibold text-red-800 dark:text-red-200">{loadFailed}</p>
      {message !== loadFailed && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{message}</p>}
      <button type="button" className={`${buttonSecondary} mt-4`} onClick={onRetry}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        {t('marketplace.listing.tryAgain')}
      </button>
    </div>
  );
}

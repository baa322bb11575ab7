import { type AiSearchResult, type GigInput, marketplaceRoutes, messagingRoutes, notificationsRoutes } from '@commonwork/contracts';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, isApiError, type ResponseOf } from '../../shared/api/index.ts';
import { type ListingParams, listingQuery, paramsKey } from './listing.ts';
import { shouldSuggest } from './suggestions.ts';

type GigBody = ResponseOf<typeof marketplaceRoutes.getGig>;

/** Every gig query starts with this key: a save or delete invalidates them all. */
export const GIGS_KEY = ['gigs'] as const;

export const invalidateGigs = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: GIGS_KEY });

/**
 * GET /api/gigs, 12 a page, pages appended by Load More. The signed-in user's id is part of the
 * key: with a token the owner's drafts are in the list.
 */
export function useGigListing(params: ListingParams, userId: string | null) {
  return useInfiniteQuery({
    queryKey: [...GIGS_KEY, 'list', paramsKey(params), userId],
    queryFn: ({ pageParam, signal }) => call(marketplaceRoutes.listGigs, { query: listingQuery(params, pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.currentPage + 1 : undefined),
    // The previous results stay (dimmed) while a new search loads, instead of flashing skeletons per keystroke.
    placeholderData: keepPreviousData,
    // Coming back to the tab shows the favourite counts others changed meanwhile (a listing counts no view).
    refetchOnWindowFocus: true,
  });
}

/** A missing gig (404) or a malformed id (400) is "not found"; trying again will not change that. */
export const isGigNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** GET /api/gigs/:id (counts a view). */
export function useGig(id: string | undefined) {
  return useQuery({
    queryKey: [...GIGS_KEY, 'detail', id],
    queryFn: ({ signal }) => call(marketplaceRoutes.getGig, { params: { id: id ?? '' }, signal }).then((body) => body.gig),
    enabled: Boolean(id),
    retry: (failures, error) => !isGigNotFound(error) && failures < 1,
  });
}

export function createGig(body: GigInput): Promise<GigBody> {
  return call(marketplaceRoutes.createGig, { body });
}

export function updateGig(id: string, body: GigInput): Promise<GigBody> {
  return call(marketplaceRoutes.updateGig, { params: { id }, body });
}

export function deleteGig(id: string): Promise<ResponseOf<typeof marketplaceRoutes.deleteGig>> {
  return call(marketplaceRoutes.deleteGig, { params: { id } });
}

/** POST /api/ai/search: a plain-words request read as filters. */
export function aiSearch(query: string): Promise<AiSearchResult> {
  return call(marketplaceRoutes.aiSearch, { body: { query, context: 'gigs' } }).then((body) => body.data);
}

/** GET /api/ai/suggestions?q=, for text longer than 2 characters (already debounced by the caller). */
export function useSuggestions(text: string, enabled: boolean) {
  const q = text.trim();
  return useQuery({
    queryKey: ['ai', 'suggestions', q],
    queryFn: ({ signal }) => call(marketplaceRoutes.suggestions, { query: { q }, signal }).then((body) => body.suggestions),
    enabled: enabled && shouldSuggest(q),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /api/chat/create (spec 001 §7): creates or returns the chat with the freelancer about this gig. */
export function createChat(recipientId: string, gigId: string): Promise<ResponseOf<typeof messagingRoutes.createChat>> {
  return call(messagingRoutes.createChat, { body: { recipientId, gigId } });
}

/** POST /api/notifications/gig-interest (spec 001 §7): the freelancer gets a gig_interest notification. */
export function sendGigInterest(gigId: string) {
  return call(notificationsRoutes.gigInterest, { body: { gigId } });
}

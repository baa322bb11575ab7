import type { AiSearchResult, Gig, GigInput } from '@commonwork/contracts';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../shared/api/index.ts';
import { type ListingParams, listingQueryString, paramsKey } from './listing.ts';
import { shouldSuggest } from './suggestions.ts';

interface GigPage {
  success: boolean;
  gigs: Gig[];
  pagination: { currentPage: number; totalPages: number; totalGigs: number; hasNext: boolean; hasPrev: boolean };
}
interface GigBody {
  success: boolean;
  gig: Gig;
  message?: string;
}

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
    queryFn: ({ pageParam, signal }) => apiRequest<GigPage>(`/api/gigs?${listingQueryString(params, pageParam)}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.currentPage + 1 : undefined),
    // The previous results stay (dimmed) while a new search loads, instead of flashing skeletons per keystroke.
    placeholderData: keepPreviousData,
  });
}

/** A missing gig (404) or a malformed id (400) is "not found"; trying again will not change that. */
export const isGigNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** GET /api/gigs/:id (counts a view). */
export function useGig(id: string | undefined) {
  return useQuery({
    queryKey: [...GIGS_KEY, 'detail', id],
    queryFn: ({ signal }) => apiRequest<GigBody>(`/api/gigs/${encodeURIComponent(id ?? '')}`, { signal }).then((body) => body.gig),
    enabled: Boolean(id),
    retry: (failures, error) => !isGigNotFound(error) && failures < 1,
  });
}

export function createGig(body: GigInput): Promise<GigBody> {
  return apiRequest<GigBody>('/api/gigs', { method: 'POST', body });
}

export function updateGig(id: string, body: GigInput): Promise<GigBody> {
  return apiRequest<GigBody>(`/api/gigs/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteGig(id: string): Promise<{ success: boolean; message: string }> {
  return apiRequest(`/api/gigs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/ai/search: a plain-words request read as filters. */
export function aiSearch(query: string): Promise<AiSearchResult> {
  return apiRequest<{ success: boolean; data: AiSearchResult }>('/api/ai/search', {
    method: 'POST',
    body: { query, context: 'gigs' },
  }).then((body) => body.data);
}

/** GET /api/ai/suggestions?q=, for text longer than 2 characters (already debounced by the caller). */
export function useSuggestions(text: string, enabled: boolean) {
  const q = text.trim();
  return useQuery({
    queryKey: ['ai', 'suggestions', q],
    queryFn: ({ signal }) =>
      apiRequest<{ success: boolean; suggestions: string[] }>(`/api/ai/suggestions?q=${encodeURIComponent(q)}`, { signal }).then(
        (body) => body.suggestions,
      ),
    enabled: enabled && shouldSuggest(q),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /api/chat/create (spec 001 §7): creates or returns the chat with the freelancer about this gig. */
export function createChat(recipientId: string, gigId: string): Promise<unknown> {
  return apiRequest<unknown>('/api/chat/create', { method: 'POST', body: { recipientId, gigId } });
}

/** POST /api/notifications/gig-interest (spec 001 §7). */
export function sendGigInterest(gigId: string): Promise<unknown> {
  return apiRequest<unknown>('/api/notifications/gig-interest', { method: 'POST', body: { gigId } });
}

import { type FavoriteResponse, type Gig, marketplaceRoutes } from '@commonwork/contracts';
import { type InfiniteData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage, isApiError } from '../../shared/api/index.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { GIGS_KEY } from './api.ts';
import { t } from './browse/locales/index.ts';
import { gigIdOf } from './gigDisplay.ts';

/** How often an open gig page re-reads its favourite count while it is visible (it also does on focus). */
const FAVORITE_REFRESH_MS = 30_000;

const favoriteKey = (id: string) => [...GIGS_KEY, 'favorite', id] as const;

/** GET /api/gigs/:id/favorite: the count and the person's own heart, without counting a view. */
export function useFavoriteState(id: string) {
  return useQuery({
    queryKey: favoriteKey(id),
    queryFn: ({ signal }) => call(marketplaceRoutes.favoriteState, { params: { id }, signal }),
    refetchOnWindowFocus: true,
    refetchInterval: FAVORITE_REFRESH_MS,
  });
}

interface Heart {
  favorited: boolean;
  favorites: number;
}

/** A gig with a heart set, wherever the cache holds it: gig pages, listing pages, trending lists. */
function withHeart(data: unknown, id: string, heart: Heart): unknown {
  const patch = (gig: Gig): Gig => (gigIdOf(gig) === id ? { ...gig, favorites: heart.favorites, isFavorite: heart.favorited } : gig);
  if (Array.isArray(data)) return data.map((item) => (item && typeof item === 'object' && '_id' in item ? patch(item as Gig) : item));
  if (data && typeof data === 'object' && 'pages' in data) {
    const pages = data as InfiniteData<{ gigs: Gig[] }>;
    return { ...pages, pages: pages.pages.map((page) => ({ ...page, gigs: page.gigs.map(patch) })) };
  }
  if (data && typeof data === 'object' && '_id' in data) return patch(data as Gig);
  return data;
}

function setHeart(queryClient: QueryClient, id: string, heart: Heart) {
  queryClient.setQueriesData({ queryKey: GIGS_KEY }, (data: unknown) => withHeart(data, id, heart));
  queryClient.setQueryData<FavoriteResponse>(favoriteKey(id), { success: true, ...heart });
}

/**
 * The heart of one gig: PUT or DELETE /api/gigs/:id/favorite, shown at once everywhere the gig is
 * on screen and put back if the server refuses. The server's answer sets the count others made too.
 */
export function useFavoriteToggle(gig: Gig) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const id = gigIdOf(gig);
  const mutation = useMutation({
    mutationFn: (favorite: boolean) => call(favorite ? marketplaceRoutes.favorite : marketplaceRoutes.unfavorite, { params: { id } }),
    onMutate: async (favorite: boolean) => {
      await queryClient.cancelQueries({ queryKey: favoriteKey(id) });
      const before = { favorited: gig.isFavorite ?? false, favorites: gig.favorites };
      const change = favorite === before.favorited ? 0 : favorite ? 1 : -1;
      setHeart(queryClient, id, { favorited: favorite, favorites: Math.max(0, before.favorites + change) });
      return before;
    },
    onError: (err, _favorite, before) => {
      if (before) setHeart(queryClient, id, before);
      toast.error(
        isApiError(err) && err.status !== 404 ? errorMessage(err, t('marketplace.favorite.failed')) : t('marketplace.favorite.failed'),
      );
    },
    onSuccess: ({ favorited, favorites }) => {
      setHeart(queryClient, id, { favorited, favorites });
      // The Favourites list gains or loses the gig.
      void queryClient.invalidateQueries({ queryKey: [...GIGS_KEY, 'list'] });
    },
  });
  const toggle = () => {
    if (!user) return void toast.error(t('marketplace.favorite.loginRequired'));
    mutation.mutate(!(gig.isFavorite ?? false));
  };
  return { toggle, pending: mutation.isPending };
}

import { messagingRoutes } from '@commonwork/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/index.ts';

/**
 * GET /api/chat/search for what was typed (trimmed; nothing is asked for nothing), everywhere or
 * in one channel, pages appended
 * by Load more. Results may be a little old: a search is asked again when typed again.
 */
export function useMessageSearch(q: string, channelId: string | undefined) {
  return useInfiniteQuery({
    queryKey: ['chat', 'search', q, channelId ?? null],
    queryFn: ({ pageParam, signal }) => call(messagingRoutes.searchMessages, { query: { q, channelId, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.data.hasMore ? last.data.page + 1 : undefined),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}

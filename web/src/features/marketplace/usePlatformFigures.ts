import { identityRoutes } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/index.ts';

/** GET /api/platform/figures: members, active gigs and published events, counted by the platform. */
export function usePlatformFigures() {
  return useQuery({
    queryKey: ['platform', 'figures'],
    queryFn: ({ signal }) => call(identityRoutes.platformFigures, { signal }).then((body) => body.figures),
    staleTime: 60_000,
  });
}

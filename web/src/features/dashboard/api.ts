import { bffRoutes } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/index.ts';

export const DASHBOARD_KEY = ['dashboard'] as const;

/** The dashboard in one call (GET /api/bff/dashboard): a section its service could not give comes empty. */
export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => call(bffRoutes.dashboard, { signal }).then((body) => body.data),
  });
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';

/** One cache for the whole visit: this module loads once, however often its routes are entered. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * The data cache, around every screen that reads the API. The landing page reads nothing, so it
 * loads without the cache's library.
 */
export function DataShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from './queryClient.ts';

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

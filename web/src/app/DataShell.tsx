import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { Toasts } from '../shared/ui/Toasts.tsx';
import { queryClient } from './queryClient.ts';

/**
 * The data cache and the toasts, around every screen that reads the API. The landing page reads
 * nothing, so it loads without either library.
 */
export function DataShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toasts />
    </QueryClientProvider>
  );
}

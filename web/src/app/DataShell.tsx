import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { Toasts } from '../shared/ui/Toasts.tsx';
import { queryClient } from './queryClient.ts';

/**
 * The data cache and the toasts, around every screen that reads the API. The landing page reads
 * nothing, so it loads without either library. While the session is not known yet (a pre-rendered
 * page hydrating), queries wait: none runs for no one and then again for the person.
 */
export function DataShell() {
  const { isLoading } = useAuth();
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isLoading}>
        <Outlet />
      </IsRestoringProvider>
      <Toasts />
    </QueryClientProvider>
  );
}

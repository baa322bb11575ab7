import { TOASTER } from '@commonwork/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { NotificationProvider } from '../features/notifications/NotificationProvider.tsx';
import { ThemeProvider } from '../shared/theme/ThemeProvider.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * Providers that need no router: data cache, theme and toasts (spec 000 §9: at most 20, top-center,
 * gutter 8, 4 s for blank/error/custom, 2 s for success, loading until dismissed, 1 s removal delay;
 * the 20-toast cap is react-hot-toast's built-in limit).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Toaster
          position={TOASTER.position}
          gutter={TOASTER.gutter}
          toastOptions={{
            duration: TOASTER.durations.blank,
            removeDelay: TOASTER.removeDelayMs,
            className: 'dark:!bg-slate-800 dark:!text-slate-100',
            success: { duration: TOASTER.durations.success },
            error: { duration: TOASTER.durations.error },
            custom: { duration: TOASTER.durations.custom },
            loading: { duration: TOASTER.durations.loading },
          }}
        />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** The router's root: providers that navigate (session) or that every screen shares (notification refresh). */
export function RootShell() {
  return (
    <AuthProvider>
      <NotificationProvider>
        <Outlet />
      </NotificationProvider>
    </AuthProvider>
  );
}

import { TOASTER } from '@commonwork/contracts';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { NotificationProvider } from '../features/notifications/NotificationProvider.tsx';
import { ThemeProvider } from '../shared/theme/ThemeProvider.tsx';

/**
 * Providers that need no router: theme and toasts (spec 000 §9: at most 20, top-center, gutter 8,
 * 4 s for blank/error/custom, 2 s for success, loading until dismissed, 1 s removal delay; the
 * 20-toast cap is react-hot-toast's built-in limit). The data cache is DataShell's.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
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

import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { NotificationProvider } from '../features/notifications/NotificationProvider.tsx';
import { HydrationProvider } from '../shared/hooks/useHydrated.tsx';
import { LocaleProvider } from '../shared/i18n/index.ts';
import { ThemeProvider } from '../shared/theme/ThemeProvider.tsx';

/**
 * Providers that need no router: whether the page is still being taken over from the build's HTML
 * (`prerendered`), the theme and the language (shared/i18n). Toasts are drawn by `<Toasts />`, which the screens and dialogs that
 * raise them bring (DataShell, the sign-in dialog), so the landing page loads no toast code.
 */
export function AppProviders({ prerendered, children }: { prerendered: boolean; children: ReactNode }) {
  return (
    <HydrationProvider prerendered={prerendered}>
      <ThemeProvider>
        <LocaleProvider>{children}</LocaleProvider>
      </ThemeProvider>
    </HydrationProvider>
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

import Menu from 'lucide-react/icons/menu';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useMediaQuery } from '../../shared/hooks/useMediaQuery.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { ThemeToggle } from '../../shared/ui/ThemeToggle.tsx';
import { useLiveUnreadMessages } from '../inbox/useUnreadMessages.ts';
import { useLiveNotifications } from '../notifications/useLiveNotifications.ts';
import { useT } from './locales/index.ts';
import { Sidebar } from './Sidebar.tsx';

/**
 * The signed-in layout: a fixed sidebar on wide screens, a slide-in drawer under a top bar on small
 * ones. It lives inside the session's socket, so it also keeps the unread badges live.
 */
export function SidebarLayout() {
  const isDesktop = useMediaQuery('(min-width: 1024px)');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const t = useT();
  useLiveNotifications();
  useLiveUnreadMessages();

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    menuButton.current?.focus();
  }, []);

  // A navigation from the drawer closes it (state adjusted during render, not in an effect).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen || isDesktop) return;
    drawer.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, isDesktop, closeDrawer]);

  const hiddenOnMobile = !isDesktop && !drawerOpen;
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-900/90">
        <button
          ref={menuButton}
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label={t('layout.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Menu className="h-6 w-6" aria-hidden="true" />
        </button>
        <Link to="/dashboard" aria-label={t('layout.home')}>
          <Logo width={100} height={32} />
        </Link>
        <ThemeToggle />
      </header>

      {drawerOpen && !isDesktop && (
        <div className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" aria-hidden="true" onClick={closeDrawer} />
      )}
      <aside
        id="app-sidebar"
        ref={drawer}
        aria-label={t('layout.sidebar')}
        inert={hiddenOnMobile}
        // A closed drawer's contents are skipped by layout and paint (content-visibility), which a phone
        // otherwise pays for on every page drawn.
        className={`fixed inset-y-0 left-0 z-50 w-72 border-r border-slate-200 bg-white transition-transform duration-200 lg:w-64 lg:translate-x-0 dark:border-slate-800 dark:bg-slate-900 ${
          drawerOpen ? 'translate-x-0' : '-translate-x-full max-lg:[content-visibility:hidden]'
        }`}
      >
        <Sidebar onClose={isDesktop ? undefined : closeDrawer} />
      </aside>

      <main className="px-4 py-6 sm:px-6 lg:ml-64 lg:px-10 lg:py-8">
        <Outlet />
      </main>
    </div>
  );
}

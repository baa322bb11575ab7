import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonGhost, buttonPrimary } from '../../shared/ui/classes.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { ThemeToggle } from '../../shared/ui/ThemeToggle.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useT } from './locales/index.ts';

/** Header links of spec 000 §2: all lead to /signup. */
const HEADER_LINKS = ['landing.header.marketplace', 'landing.header.events', 'landing.header.community'] as const;

function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { isAuthenticated } = useAuth();
  const t = useT();
  if (isAuthenticated) {
    return (
      <Link to="/dashboard" className={buttonPrimary} onClick={onNavigate}>
        {t('landing.account.dashboard')}
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" className={buttonGhost} onClick={onNavigate}>
        {t('landing.account.login')}
      </Link>
      <Link to="/signup" className={buttonPrimary} onClick={onNavigate}>
        {t('landing.account.createProfile')}
      </Link>
    </>
  );
}

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const t = useT();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6">
        <Link to="/" aria-label={t('landing.header.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('landing.header.primary')} className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((label) => (
            <Link key={label} to="/signup" className={buttonGhost}>
              {t(label)}
            </Link>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          <AccountActions />
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <ThemeToggle />
          <button
            type="button"
            className={buttonGhost}
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            aria-label={t(menuOpen ? 'landing.header.closeMenu' : 'landing.header.openMenu')}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="landing-mobile-menu" className="border-t border-slate-200 px-4 pb-4 md:hidden dark:border-slate-800">
          <nav aria-label={t('landing.header.mobile')} className="flex flex-col py-2">
            {HEADER_LINKS.map((label) => (
              <Link key={label} to="/signup" className={`${buttonGhost} justify-start`} onClick={close}>
                {t(label)}
              </Link>
            ))}
          </nav>
          <div className="flex flex-col gap-2">
            <AccountActions onNavigate={close} />
          </div>
        </div>
      )}
    </header>
  );
}

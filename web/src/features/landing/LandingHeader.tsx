import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonGhost, buttonPrimary } from '../../shared/ui/classes.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { ThemeToggle } from '../../shared/ui/ThemeToggle.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';

/** Header links of spec 000 §2: all lead to /signup. */
const HEADER_LINKS = ['MarketPlace', 'Events', 'Community'] as const;

function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) {
    return (
      <Link to="/dashboard" className={buttonPrimary} onClick={onNavigate}>
        Go to Dashboard
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" className={buttonGhost} onClick={onNavigate}>
        Log in
      </Link>
      <Link to="/signup" className={buttonPrimary} onClick={onNavigate}>
        Create Profile
      </Link>
    </>
  );
}

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6">
        <Link to="/" aria-label="Commonwork home">
          <Logo />
        </Link>
        <nav aria-label="Primary" className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((label) => (
            <Link key={label} to="/signup" className={buttonGhost}>
              {label}
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
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="landing-mobile-menu" className="border-t border-slate-200 px-4 pb-4 md:hidden dark:border-slate-800">
          <nav aria-label="Mobile" className="flex flex-col py-2">
            {HEADER_LINKS.map((label) => (
              <Link key={label} to="/signup" className={`${buttonGhost} justify-start`} onClick={close}>
                {label}
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

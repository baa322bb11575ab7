import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { useT } from '../locales/index.ts';
import { useTheme } from '../theme/ThemeProvider.tsx';
import { buttonGhost } from './classes.ts';

/** An icon button that flips light and dark mode. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { isDark, toggleTheme } = useTheme();
  const t = useT();
  const label = t(isDark ? 'shared.theme.toLight' : 'shared.theme.toDark');
  return (
    <button type="button" onClick={toggleTheme} className={`${buttonGhost} ${className}`} aria-label={label} title={label}>
      {isDark ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
    </button>
  );
}

import { STORAGE_KEYS } from '@commonwork/contracts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { useHydrated } from '../hooks/useHydrated.tsx';

export type Theme = 'light' | 'dark';

interface ThemeContextValue {
  theme: Theme;
  isDark: boolean;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

// The theme lives outside React, read synchronously; a pre-rendered page (drawn light: the build
// knows no preference) hydrates as drawn and shows the stored theme once hydrated (useHydrated).
const listeners = new Set<() => void>();
let current: Theme | null = null;
const currentTheme = (): Theme => (current ??= readStoredTheme());
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyTheme(theme: Theme) {
  current = theme;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch (error) {
    console.error('Could not store the theme', error);
  }
  for (const listener of listeners) listener();
}

/**
 * Light unless the stored preference is exactly 'dark' (index.html sets the root class before the
 * first paint); each change updates the root class and storage.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const stored = useSyncExternalStore(subscribe, currentTheme, currentTheme);
  const theme = useHydrated() ? stored : 'light';
  const toggleTheme = useCallback(() => applyTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  const value = useMemo(() => ({ theme, isDark: theme === 'dark', toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}

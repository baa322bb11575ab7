import { createContext, type ReactNode, startTransition, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { currentSession, subscribeSession } from '../api/session.ts';
import { useHydrated } from '../hooks/useHydrated.tsx';
import { chooseLocale } from './chooseLocale.ts';
import { activate, type Locale, loadLocale } from './i18n.ts';

const LocaleContext = createContext<Locale>('en');

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
const preferredLanguage = () => currentSession()?.preferences?.language;

// The language a returning person will see starts loading with the page, beside React's hydration,
// so it is usually there when hydration ends.
if (typeof window !== 'undefined') void loadLocale(chooseLocale(preferredLanguage(), browserLanguages())).catch(() => undefined);

/**
 * The interface's language (shared/i18n): English while a pre-rendered page hydrates (the build drew
 * it in English, so React sees the same text); then the person's preference or a visitor's browser
 * language, shown once its catalogs have arrived, as a transition (drawn in slices, like the theme and
 * the session). A change of preference (Settings) switches it the same way. `<html lang>` follows.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const preference = useSyncExternalStore(subscribeSession, preferredLanguage, () => undefined);
  const wanted = hydrated ? chooseLocale(preference, browserLanguages()) : 'en';
  const [shown, setShown] = useState<Locale>('en');

  useEffect(() => {
    let current = true;
    loadLocale(wanted).then(
      () => {
        if (!current) return;
        activate(wanted);
        document.documentElement.lang = wanted;
        startTransition(() => setShown(wanted));
      },
      (error: unknown) => console.error(`Could not load the ${wanted} catalogs; staying in the language shown`, error),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  return <LocaleContext value={shown}>{children}</LocaleContext>;
}

/** The language on screen; a component that reads it is drawn again when it changes. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

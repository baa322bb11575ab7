import { useSyncExternalStore } from 'react';
import { useHydrated } from './useHydrated.tsx';

const matches = (query: string) => typeof window !== 'undefined' && window.matchMedia(query).matches;

/**
 * Whether a CSS media query matches now; re-renders when it changes. A pre-rendered page is drawn
 * for the narrowest screen and learns the width once hydrated.
 */
export function useMediaQuery(query: string): boolean {
  const hydrated = useHydrated();
  const now = useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    () => matches(query),
  );
  return hydrated && now;
}

import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const HydratedContext = createContext(true);

/**
 * Around the app: `prerendered` when the page came drawn by the build (web/build/prerender.ts) and
 * React is taking it over. Until that first render is on screen, `useHydrated()` is false, so the
 * render matches the HTML; then it turns true in a transition, which React draws in slices instead of
 * one long task (an external store's change, or a server snapshot that differs, would be drawn at once).
 */
export function HydrationProvider({ prerendered, children }: { prerendered: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!prerendered);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while a pre-rendered page hydrates, true from then on and in every page drawn in the browser.
 * What only the browser knows (the session, the theme, the clock, the screen's width, a permission)
 * waits for it.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

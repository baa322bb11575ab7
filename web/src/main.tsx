import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
const root = container;
// Pages pre-rendered at build time (web/build/prerender.ts) arrive drawn; app.html arrives empty.
const prerendered = root.hasChildNodes();

type Router = ReturnType<typeof createBrowserRouter>;

/** A pre-rendered page comes `inert` (drawn, not yet live): usable once React has taken it over. */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => root.removeAttribute('inert'), []);
  return children;
}

/** The app around `router`. */
const appWith = (router: Router) => (
  <StrictMode>
    <AppProviders prerendered={prerendered}>
      <Live>
        <RouterProvider router={router} />
      </Live>
    </AppProviders>
  </StrictMode>
);

/** Resolves once the router has loaded the first route's lazy screens, so the first render draws them. */
function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// The router is made in a task of its own, after the one that has run React's code: a phone's long
// tasks after the first paint are what it waits on, and the two together made the longest.
await new Promise((resolve) => setTimeout(resolve));
const router = createBrowserRouter(routes);
// A drawn page is taken over (its nodes kept, not drawn again) with the same screens loaded, as a
// transition: React works through it in slices, so the page stays responsive meanwhile.
if (prerendered) {
  await routerReady(router);
  startTransition(() => void hydrateRoot(root, appWith(router)));
} else createRoot(root).render(appWith(router));

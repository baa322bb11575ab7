import { isValidElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';

/**
 * Every route's path but the catch-all's: the pages the build draws before anyone asks
 * (web/build/prerender.ts). A path with a parameter is drawn once for every value: a page shows
 * nothing of its parameter before its data has arrived.
 */
export function routePaths(table: RouteObject[] = routes): string[] {
  return table.flatMap((route) => [...(route.path && !route.path.includes('*') ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

/** A pre-rendered page: its markup, and the names of the lazily loaded screens it draws (the build preloads their files). */
export interface RenderedPage {
  markup: string;
  screens: string[];
}

/**
 * The page at `path` as it first shows, before anyone is known (`useHydrated()` is false) and
 * before any data has arrived, inside the same providers and route table as the browser's.
 */
export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  // A parameter's name stands for its value (`/marketplace/:id` matches its own route).
  const context = await handler.query(new Request(new URL(path, 'http://commonwork.local')));
  if (context instanceof Response) throw new Error(`Pre-rendering ${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <AppProviders prerendered>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  // The static handler has loaded each matched lazy route and drawn its component as the route's
  // element: the screen's export, by name.
  const screens = context.matches.flatMap(({ route }) =>
    'lazy' in route && isValidElement(route.element) && typeof route.element.type === 'function' ? [route.element.type.name] : [],
  );
  return { markup, screens };
}

import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { screenFiles } from './chunkGraph.ts';

/** The build's page for a path no route has: the document with an empty root (the router then redirects). */
const APP_SHELL = 'app.html';
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Where the page pre-rendered for a route's `path` is written: `/` is index.html; `/marketplace/create`
 * is pages/marketplace/create.html; a parameter is written in brackets, `/marketplace/:id` as
 * pages/marketplace/[id].html (gateway/src/prerenderedPages.ts serves it for every id).
 */
export function pageFileFor(path: string): string {
  return path === '/' ? 'index.html' : `pages${path.replace(/:(\w+)/g, '[$1]')}.html`;
}

/**
 * A page drawn once for every value of a route's parameter must not show the parameter: the build
 * fails when it draws the placeholder (`:id`, or `%3Aid` in a link) that stood for it.
 */
export function assertDrawnForEveryValue(path: string, markup: string): void {
  for (const [parameter] of path.matchAll(/:\w+/g)) {
    if (markup.includes(parameter) || markup.includes(encodeURIComponent(parameter)))
      throw new Error(`The page pre-rendered for ${path} shows its parameter ${parameter}: it would show it for every value`);
  }
}

/**
 * Runs `code` once the browser reports the first paint; where paint timing is missing, or the page is
 * hidden and does not paint, after 3 seconds at the latest.
 */
function afterFirstPaint(code: string): string {
  return `new Promise((painted) => { try { new PerformanceObserver(() => painted()).observe({ type: 'paint', buffered: true }); } catch {} setTimeout(painted, 3000); }).then(() => { ${code} });`;
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page with `markup` in its root element, its JavaScript fetched and run once the browser has
 * painted it: the HTML draws the page, so nothing waits for the scripts, which then take over the
 * drawn nodes (hydration). The entry's imports and the files of the page's screens (`screenFiles`,
 * web/build/chunkGraph.ts) are preloaded at the same moment, side by side.
 * The root is `inert` until then (main.tsx lifts it): a control drawn but not yet live takes no
 * click or typing that React would then lose.
 * A page without an empty root or an entry script is a build error, not a silent no-op.
 */
export function withRootMarkup(html: string, markup: string, screenFiles: readonly string[] = []): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to pre-render into`);
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no entry script to run after the first paint');
  const imports = [...[...html.matchAll(PRELOAD)].map((match) => match[1]), ...screenFiles];
  const load = [
    `for (const href of ${JSON.stringify(imports)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));`,
    `import(${JSON.stringify(entry)});`,
  ].join(' ');
  return (
    html
      .replace(PRELOAD, '')
      // Functions, so that `$&` or `$1` in the page's text stays text.
      .replace(EMPTY_ROOT, () => `<div id="root" inert>${markup}</div>`)
      .replace(ENTRY, () => `<script type="module">${afterFirstPaint(load)}</script>`)
  );
}

/**
 * Pre-renders every route at build time (the landing page into index.html, the others under pages/),
 * so a first visit paints the page with the HTML instead of after the JavaScript (LCP; issue 15); the
 * client then hydrates it. A signed-in screen is drawn as it first looks, before its person and data
 * are known, so one page serves every value of a route's parameters. app.html, an empty root, is
 * for paths no route has. `entry` exports `routePaths(): string[]` and `render(path)`, which resolves
 * to the page's markup and its lazy screens' names; it is loaded through Vite's SSR loader with the
 * project's config.
 */
export function prerender({ entry }: { entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'commonwork:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After Vite's own HTML plugin has written index.html into the bundle.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const server = await createServer({
          configFile: config.configFile,
          root: config.root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        const template = String(page.source);
        try {
          const module = (await server.ssrLoadModule(entry)) as {
            routePaths: () => string[];
            render: (path: string) => Promise<{ markup: string; screens: string[] }>;
          };
          const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
          for (const path of module.routePaths()) {
            const { markup, screens } = await module.render(path);
            assertDrawnForEveryValue(path, markup);
            const files = screenFiles(chunks, screens).map((file) => `${config.base}${file}`);
            const html = withRootMarkup(template, markup, files);
            if (path === '/') page.source = html;
            else this.emitFile({ type: 'asset', fileName: pageFileFor(path), source: html });
          }
        } finally {
          await server.close();
        }
        this.emitFile({ type: 'asset', fileName: APP_SHELL, source: template });
      },
    },
  };
}

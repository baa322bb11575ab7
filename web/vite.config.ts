import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { budgets } from './build/budgets.ts';
import { catalogs } from './build/catalogs.ts';
import { acyclicChunks, beyondEntry, frameMembers, graphChunk, initialMembers } from './build/chunks.ts';
import { clientRoutes } from './build/clientRoutes.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

/** The platform's gateway in embedded mode (`npm start`): the dev server forwards API and socket traffic to it. */
const GATEWAY = 'http://127.0.0.1:8080';
const FRAMES = [/\/app\/DataShell\.tsx$/, /\/app\/SignedInShell\.tsx$/];
// The signed-in frame's code in one file: the data cache, the socket and the sidebar; and the
// icons of the signed-in screens in another (web/build/chunks.ts). Icons are imported one file each
// (`lucide-react/icons/…`), so the module graph says which screen uses which.
const frame = graphChunk(
  'frame',
  (graph) => frameMembers(graph, FRAMES, /[\\/]node_modules[\\/](@tanstack|socket\.io-client|engine\.io-client|@socket\.io)[\\/]/),
  10,
);
const ICONS = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
// The landing page's own code, its icons and Vite's preload helper in one file besides React's
// (web/build/chunks.ts).
const initial = graphChunk(
  'initial',
  (graph) =>
    initialMembers(
      graph,
      /[\\/]web[\\/]src[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]|vite[\\/]preload-helper/,
      /[\\/]src[\\/]main\.tsx$/,
    ),
  5,
);
// Icons the frames or three screens and more use; fewer, and they go with the screens that use them.
const icons = graphChunk('icons', (graph) => beyondEntry(graph, ICONS, { users: 3, frames: FRAMES }), 15);

export default defineConfig({
  plugins: [
    react(),
    // The areas' message catalogs (src/**/locales/*.json) compiled as they are read (shared/i18n).
    catalogs(),
    tailwindcss(),
    initial.plugin,
    frame.plugin,
    icons.plugin,
    // The route tables without their schemas: zod only where a form validates.
    clientRoutes({ include: /[\\/]contracts[\\/]src[\\/]http[\\/]\w+\.ts$/ }),
    // The landing page painted by the HTML itself; app.html for every other route.
    prerender({ entry: '/src/prerender.tsx' }),
    acyclicChunks(),
    precompress(),
    // Issue 15's budgets: the landing page's JavaScript and any signed-in page's, as sent (brotli).
    budgets({
      pages: /\/src\/features\/.+Page\.tsx$/,
      landing: { module: /\/features\/landing\/LandingPage\.tsx$/, maxBytes: 100 * 1024 },
      shells: FRAMES,
      pageMaxBytes: 170 * 1024,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Browsers without <link rel="modulepreload"> skip the hint and still load every module.
    // The page's own scripts are preloaded from its HTML. A lazy screen's files are not preloaded from
    // script (a link element per file, all added in one task: a phone's longest task after a
    // pre-rendered page has painted); the browser fetches them as the screen's imports name them.
    // Their stylesheets still are. That order is safe while chunks import no cycle (acyclicChunks).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rolldownOptions: {
      // The slow callbacks Rolldown would warn of are the build's own work (pre-rendering every page,
      // the budgets' and the precompressed files' brotli), not a plugin gone wrong: no warning per build.
      checks: { bundlerTimings: false },
      // zod's builders have no side effects: a schema nothing uses is dropped with its calls.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 20 },
            frame.group,
            initial.group,
            icons.group,
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: true },
      '/socket.io': { target: GATEWAY, changeOrigin: true, ws: true },
    },
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { budgets } from './build/budgets.ts';
import { clientRoutes } from './build/clientRoutes.ts';
import { frameChunk } from './build/frame.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

/** The platform's gateway in embedded mode (`npm start`): the dev server forwards API and socket traffic to it. */
const GATEWAY = 'http://127.0.0.1:8080';
const FRAMES = [/\/app\/DataShell\.tsx$/, /\/app\/SignedInShell\.tsx$/];
// The signed-in frame's code in one file: the data cache, the socket and the sidebar (web/build/frame.ts).
const frame = frameChunk({
  frames: FRAMES,
  libraries: /[\\/]node_modules[\\/](@tanstack|socket\.io-client|engine\.io-client|@socket\.io)[\\/]/,
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    frame.plugin,
    // The route tables without their schemas: zod only where a form validates.
    clientRoutes({ include: /[\\/]contracts[\\/]src[\\/]http[\\/]\w+\.ts$/ }),
    // The landing page painted by the HTML itself; app.html for every other route.
    prerender({ entry: '/src/prerender.tsx' }),
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
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // zod's builders have no side effects: a schema nothing uses is dropped with its calls.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 20 },
            frame.group,
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

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
// The landing page comes pre-rendered in index.html (web/build/prerender.ts): React takes over the
// nodes already drawn instead of drawing them again. Every other page starts empty.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

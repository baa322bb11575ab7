import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders, RootShell } from './app/providers.tsx';
import { LandingPage } from './features/landing/LandingPage.tsx';

/** The landing page as a visitor first sees it, inside the same providers, for index.html (web/build/prerender.ts). */
export function render(): string {
  return renderToString(
    <MemoryRouter initialEntries={['/']}>
      <AppProviders>
        <Routes>
          <Route element={<RootShell />}>
            <Route path="/" element={<LandingPage />} />
          </Route>
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}

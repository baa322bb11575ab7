import { identityRoutes } from '@commonwork/contracts';
import type { BrowserContext } from '@playwright/test';
import { apiAt } from './helpers.ts';

const GIS_URL = 'https://accounts.google.com/gsi/client';

/**
 * Serves a stand-in for Google Identity Services: `renderButton` draws a 'Sign in with Google'
 * button that hands the page's callback `window.__e2eCredential` (a dev-issuer ID token, which the
 * server accepts like Google's), or no credential when that is unset.
 */
export async function stubGoogleIdentity(context: BrowserContext): Promise<void> {
  const script = `
    window.google = { accounts: { id: {
      initialize(options) { window.__gisOptions = options; },
      renderButton(parent) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.onclick = () => window.__gisOptions.callback({ credential: window.__e2eCredential });
        parent.appendChild(button);
      },
      cancel() {},
    } } };`;
  await context.route(GIS_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
}

/** A provider credential for this email, from the dev issuer. */
export async function devCredential(baseURL: string | undefined, email: string, name: string): Promise<string> {
  return (await apiAt(baseURL).call(identityRoutes.devToken, { body: { email, name } })).token;
}

import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';
import { buildPerson, SIGNED_IN_SCREENS, signUpWithDevIssuer } from './helpers.ts';

/** Every screen, in both themes, visitor and signed in: zero serious or critical WCAG 2.2 AA violations (issue 15). */
test.describe.configure({ timeout: 180_000 });

// A signed-in page, for a visitor, is the landing page with its 'Welcome' sign-in dialog open.
const VISITOR_ROUTES = ['/', '/login', '/signup', '/dashboard'];

/** The serious and critical violations on the page as it stands, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
}

/** Opens each route once the page has settled (its main heading shown) and collects what axe finds, by route. */
async function scan(page: Page, routes: string[]) {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const here = await violations(page);
    if (here.length > 0) found[route] = here;
  }
  return found;
}

for (const theme of ['light', 'dark'] as const) {
  test(`every screen meets WCAG 2.2 AA in the ${theme} theme, for a visitor and signed in`, async ({ page }) => {
    await page.addInitScript((dark) => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'theme',
        dark ? 'dark' : 'light',
      );
    }, theme === 'dark');
    const visitor = await scan(page, VISITOR_ROUTES);
    await signUpWithDevIssuer(page, buildPerson(`a11y-${theme}`));
    // A gig's page and a public profile: the first of the demo gigs, and its seller.
    await page.goto('/marketplace');
    await page.getByRole('link', { name: 'View Details' }).first().click();
    await expect(page).toHaveURL(/\/marketplace\/[^/]+$/);
    const gig = new URL(page.url()).pathname;
    const signedIn = await scan(page, [...SIGNED_IN_SCREENS, gig]);
    expect({ visitor, signedIn }).toEqual({ visitor: {}, signedIn: {} });
  });
}

import { expect, type Page, test } from '@playwright/test';
import { type BrowserGlobals, buildPerson, SIGNED_IN_SCREENS, signUpWithDevIssuer } from './helpers.ts';

/**
 * Console errors and uncaught exceptions, where React reports a page that did not hydrate as drawn.
 * Failed fetches are left out: offline, the sign-in dialog's Google script cannot load.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** The page as the server sends it, before any script has run. */
async function servedRoot(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  return html.slice(html.indexOf('<div id="root"'));
}

test('every signed-in screen without a parameter comes drawn and hydrates as drawn, in both themes and widths', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithDevIssuer(page, buildPerson('prerender'));
  const errors = collectErrors(page);
  for (const path of SIGNED_IN_SCREENS) {
    // Drawn by the build (the frame and the screen's first state) and inert until the scripts take over.
    const served = await servedRoot(page, path);
    expect(served, path).toMatch(/^<div id="root" inert><div class="min-h-screen/);
    expect(served, path).toContain('aria-label="Main navigation"');
  }
  for (const [width, theme] of [
    [1280, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((value) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('theme', value), theme);
    for (const path of SIGNED_IN_SCREENS) {
      await page.goto(path);
      await expect(page.locator('#root'), path).not.toHaveAttribute('inert');
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      // After hydration the page shows its person: the sidebar's account card has the name.
      await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(/^Ada /)).toHaveCount(1);
    }
  }
  expect(errors).toEqual([]);
});

test('a visitor gets /login and /signup drawn, and on a signed-in screen is sent to the sign-in dialog, without an error', async ({
  page,
}) => {
  const errors = collectErrors(page);
  for (const [path, title] of [
    ['/login', 'Welcome back'],
    ['/signup', 'Create your account'],
  ] as const) {
    expect(await servedRoot(page, path), path).toContain(title);
    await page.goto(path);
    await expect(page.locator('#root'), path).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { name: title }), path).toBeVisible();
  }
  await page.goto('/saved');
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

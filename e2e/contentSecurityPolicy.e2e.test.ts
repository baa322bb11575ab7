import { expect, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';

// Issue 33, item 1: the pages run under a policy that allows their own scripts and nothing injected,
// and every test fails on a violation any of its pages reports (e2e/fixtures.ts).

test("a script injected into a page is refused by the page's policy, and the test hears of it", async ({ page, cspViolations }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: { createElement(tag: string): { textContent: string }; head: { append(node: unknown): void } };
    };
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
  });
  await expect.poll(() => cspViolations.join('\n')).toContain('script-src-elem refused inline');
  expect(await page.evaluate(() => (globalThis as { injected?: boolean }).injected)).toBeUndefined();
  // Heard and checked here: the fixture would otherwise fail this test for it.
  cspViolations.length = 0;
});

test("the pre-rendered page's inline scripts run: the stored theme is applied before the app starts", async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.setItem('theme', 'dark'));
  await page.goto('/marketplace');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
});

test('the API documents open under a policy of their own', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /Commonwork API/ })).toBeVisible();
});

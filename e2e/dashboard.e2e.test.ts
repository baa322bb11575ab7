import { identityRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, signUpWithDevIssuer } from './helpers.ts';

/** The signed-in person as the web app keeps them: their id and token. */
const storedUser = (page: Page) =>
  page.evaluate(() => {
    const stored = (globalThis as unknown as BrowserGlobals).localStorage.getItem('user');
    return JSON.parse(stored ?? '{}') as { id: string; token: string };
  });

test('a newcomer on the demo data sees a living dashboard, opens a top freelancer and contacts them', async ({ page }) => {
  await signUpWithDevIssuer(page, buildPerson('newcomer'));

  const trending = page.getByRole('region', { name: 'Trending Gigs' });
  const events = page.getByRole('region', { name: 'Upcoming Events' });
  const freelancers = page.getByRole('region', { name: 'Top Freelancers' });
  // The statistics behind top freelancers follow the demo's gigs as the platform publishes them.
  await expect(async () => {
    await page.reload();
    await expect(freelancers.getByRole('listitem')).toHaveCount(3, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(trending.getByRole('listitem')).toHaveCount(3);
  await expect(events.getByRole('listitem')).toHaveCount(2);
  // A newcomer's own numbers: no gigs, no earnings, no rating yet.
  const tiles = page.getByRole('region', { name: 'Your numbers' });
  await expect(tiles).toContainText('0Active Projects');
  await expect(tiles).toContainText('$0Total Earnings');

  const first = freelancers.getByRole('link').first();
  const name = (await first.locator('p').first().textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/profile\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active Gigs' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/inbox\/[^/]+$/);
});

test('a private profile shows others a card only, and no way to contact', async ({ browser, baseURL }) => {
  const owner = buildPerson('private');
  const ownerPage = await (await browser.newContext()).newPage();
  await signUpWithDevIssuer(ownerPage, owner);
  const me = await storedUser(ownerPage);
  const hide = { preferences: { privacy: { profileVisibility: 'private' as const } }, bio: 'Only for me' };
  const hidden = await apiAt(baseURL, me.token).send(identityRoutes.updateUser, { params: { id: me.id }, body: hide });
  expect(hidden.status).toBe(200);

  const visitor = await (await browser.newContext()).newPage();
  await signUpWithDevIssuer(visitor, buildPerson('visitor'));
  await visitor.goto(`/profile/${owner.username}`);
  await expect(visitor.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
  await expect(visitor.getByText('This profile is private.')).toBeVisible();
  await expect(visitor.getByText('Only for me')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Contact' })).toHaveCount(0);

  // Their own link opens their own profile page.
  await ownerPage.goto(`/profile/${owner.username}`);
  await expect(ownerPage).toHaveURL(/\/profile$/);
});

test('on a long page the sidebar stays full height and in place while the page scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpWithDevIssuer(page, buildPerson('sidebar'));
  await page.goto('/marketplace');
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(500);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  expect(await sidebar.boundingBox()).toEqual({ x: 0, y: 0, width: 256, height: 800 });
  await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeInViewport();
});

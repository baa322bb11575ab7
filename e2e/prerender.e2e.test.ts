import { eventsRoutes, marketplaceRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, collectPageErrors, SIGNED_IN_SCREENS, signUpWithDevIssuer } from './helpers.ts';

/** The page as the server sends it, before any script has run. */
async function servedRoot(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  return html.slice(html.indexOf('<div id="root"'));
}

test('every signed-in screen without a parameter comes drawn and hydrates as drawn, in both themes and widths', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithDevIssuer(page, buildPerson('prerender'));
  const errors = collectPageErrors(page);
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

test('a screen with a parameter comes drawn for any value and hydrates as drawn', async ({ page, baseURL }) => {
  await signUpWithDevIssuer(page, buildPerson('prerender-params'));
  const errors = collectPageErrors(page);
  const token = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('token'));
  const api = apiAt(baseURL, token);
  const [gig] = (await api.call(marketplaceRoutes.listGigs, { query: { limit: 1 } })).gigs;
  const [event] = (await api.call(eventsRoutes.listEvents, { query: { limit: 1 } })).data.events;
  if (!gig || !event) throw new Error('the demo data has no gig or no event');
  const screens: [path: string, heading: string | undefined][] = [
    [`/marketplace/${gig.id}`, gig.title],
    [`/events/${event.id}`, event.title],
    [`/profile/${gig.freelancer._id}`, gig.freelancer.name],
  ];
  for (const [path] of screens) expect(await servedRoot(page, path), path).toMatch(/^<div id="root" inert><div class="min-h-screen/);
  // The page's screens' files are fetched together once it has painted, not one level of imports at a time.
  expect(await (await page.request.get(`/marketplace/${gig.id}`)).text()).toMatch(/"\/assets\/GigDetailPage-[\w-]+\.js"/);
  /**
   * The gig's views as the list shows them (reading the list counts none). Each read asks a page of
   * another size: a replica serves a listing it answered this person in the last 5 s again, views as they
   * were (docs/decisions/marketplace/listing-cache.md), and this reads them as counted now.
   */
  const views = async (limit: number) => {
    const { gigs } = await api.call(marketplaceRoutes.listGigs, { query: { limit } });
    const listed = gigs.find((listed) => listed.id === gig.id);
    if (!listed) throw new Error('the gig is not on the first page');
    return listed.views;
  };
  const viewsBefore = await views(12);
  const gigFetches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/gigs/${gig.id}`) gigFetches.push(request.url());
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.locator('#root'), path).not.toHaveAttribute('inert');
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    }
  }
  // The gig's page fetched the gig once per visit (its route's loader fetches it ahead; the page uses that),
  // and the two visits of one person on one day count one view.
  await page.waitForLoadState('networkidle');
  expect(gigFetches).toHaveLength(2);
  expect(await views(13)).toBe(viewsBefore + 1);
  expect(errors).toEqual([]);
});

test('a visitor gets /login and /signup drawn, and on a signed-in screen is sent to the sign-in dialog, without an error', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
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
  // A join link is drawn too (one page for every link), and sends a visitor to sign in first.
  expect(await servedRoot(page, '/join/channel/abcdefgh12')).toMatch(/^<div id="root" inert>/);
  await page.goto('/join/channel/abcdefgh12');
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

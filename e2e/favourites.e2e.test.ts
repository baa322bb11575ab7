import { randomUUID } from 'node:crypto';
import { marketplaceRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

// Two people in two browsers, and screenshots in both themes at two widths.
test.describe.configure({ timeout: 180_000 });

/** The Favorites figure of the gig page's statistics card. */
const favoritesFigure = (page: Page) =>
  page
    .getByRole('region', { name: 'Gig Statistics' })
    .locator('div', { has: page.getByText('Favorites', { exact: true }) })
    .locator('dd');
/** The person comes back to the tab (the event the data cache listens to): what the page re-reads on focus, it reads now. */
const comeBack = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { dispatchEvent: (e: Event) => void }).dispatchEvent(new Event('visibilitychange')));

test("B favourites A's gig: the heart, the count on the page and the card, A's open page, the Favorites filter; a visitor is asked to sign in", async ({
  browser,
  baseURL,
}) => {
  const title = `Favourite landing page ${randomUUID().slice(0, 6)}`;
  const a = await signUpInNewContext(browser, 'fav-a');
  const b = await signUpInNewContext(browser, 'fav-b');
  const created = await (await apiOf(a.page, baseURL)).send(marketplaceRoutes.createGig, {
    body: { title, description: 'A fast landing page.', category: 'web', subCategory: 'frontend', price: 120, tags: ['react'] },
  });
  expect(created.status).toBe(201);
  const id = created.body.gig.id;

  // B's Favorites list starts empty, and says so.
  await b.page.goto('/marketplace?favorites=true');
  await expect(b.page.getByLabel('My Favorites')).toBeChecked();
  await expect(b.page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();

  // A looks at their own gig: no heart for themselves, the count 0.
  await a.page.goto(`/marketplace/${id}`);
  await expect(a.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(favoritesFigure(a.page)).toHaveText('0');

  await b.page.goto(`/marketplace/${id}`);
  const heart = b.page.getByRole('button', { name: /^Save/ });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toContainText('Saved');
  await expect(favoritesFigure(b.page)).toHaveText('1');
  // Kept by the server: a reload shows it pressed.
  await b.page.reload();
  await expect(b.page.getByRole('button', { name: /^Saved/ })).toHaveAttribute('aria-pressed', 'true');

  // A's open page follows when A comes back to it, without a reload.
  await comeBack(a.page);
  await expect(favoritesFigure(a.page)).toHaveText('1');

  // Under the Favorites filter: the gig's card, its heart pressed and its count.
  await b.page.goto('/marketplace');
  // The page comes pre-rendered: a click before React has taken over is undone by it. Cards come after.
  // The box follows the address, which the router changes in a transition: it is ticked a moment later.
  await expect(b.page.getByRole('list', { name: 'Gigs' }).getByRole('article').first()).toBeVisible();
  await b.page.getByLabel('My Favorites').click();
  await expect(b.page.getByLabel('My Favorites')).toBeChecked();
  await expect(b.page).toHaveURL(/favorites=true/);
  const card = b.page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(b.page.getByRole('list', { name: 'Gigs' }).getByRole('article')).toHaveCount(1);
  const cardHeart = card.getByRole('button', { name: `Save ${title}` });
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 favorite')).toBeAttached();

  // Screenshots to look at: B's gig page and B's Favorites list, 1280 and 390 px, light and dark.
  for (const theme of ['light', 'dark'] as const) {
    await b.page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
      STORAGE_KEYS.theme,
      theme,
    ] as const);
    for (const width of [1280, 390]) {
      await b.page.setViewportSize({ width, height: 900 });
      await b.page.goto('/marketplace?favorites=true');
      await expect(b.page.getByRole('article', { name: title })).toBeVisible();
      await b.page.screenshot({ path: test.info().outputPath(`favourites-list-${width}-${theme}.png`), fullPage: true });
      await b.page.goto(`/marketplace/${id}`);
      await expect(b.page.getByRole('button', { name: /^Saved|^Save/ })).toHaveAttribute('aria-pressed', 'true');
      await b.page.screenshot({ path: test.info().outputPath(`favourites-page-${width}-${theme}.png`) });
    }
  }

  // Taken back from the card: the Favorites list empties, the count goes back to 0.
  await b.page.setViewportSize({ width: 1280, height: 900 });
  await b.page.goto('/marketplace?favorites=true');
  await b.page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Save ${title}` })
    .click();
  await expect(b.page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  await b.page.screenshot({ path: test.info().outputPath('favourites-empty-1280-dark.png') });
  await comeBack(a.page);
  await expect(favoritesFigure(a.page)).toHaveText('0');

  // A visitor who is not signed in opening the gig is asked to sign in first.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/marketplace/${id}`);
  await expect(visitor.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
});

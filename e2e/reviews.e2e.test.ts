import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { type ApiClient, marketplaceRoutes, ORDER_MESSAGES, ordersRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

// Two people signed up through the browser, an order taken through its steps, then the review
// and its answer in both browsers and the figures on four screens: more than the default minute.
test.describe.configure({ timeout: 240_000 });

const PRICE = 120;

/** What axe finds serious or critical on the page as it stands (WCAG 2.2 AA, as e2e/accessibility does). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const reviews = (page: Page) => page.getByRole('region', { name: 'Reviews' });

/** The page in the other theme without reloading it (a form keeps what was typed). */
const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate(
    (dark) =>
      (
        globalThis as unknown as { document: { documentElement: { classList: { toggle: (c: string, on: boolean) => void } } } }
      ).document.documentElement.classList.toggle('dark', dark),
    theme === 'dark',
  );

/** Screenshots of the page as it stands, 1280 and 390 px wide, light and dark. */
async function screenshots(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Checks a screen reached by the app's own links; the figures it shows are counted from events a
 * moment after the answer that changed them, so when one is not there yet the screen is left and
 * entered again the same way (history back and forward: no reload), as a person would.
 */
async function seenOnNextVisit(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    try {
      await check();
    } catch (error) {
      await page.goBack();
      await page.goForward();
      throw error;
    }
  }).toPass({ timeout: 30_000 });
}

/** B's order of A's gig, accepted, delivered and completed through the API: the order's own screens have their own test. */
async function completedOrder(seller: ApiClient, buyer: ApiClient, gigId: string) {
  const placed = await buyer.call(ordersRoutes.create, { body: { gigId, requirements: 'A landing page for our launch.' } });
  const params = { id: placed.order.id };
  await seller.call(ordersRoutes.accept, { params, body: {} });
  await seller.call(ordersRoutes.deliver, { params, body: { message: 'Live on the staging site.', attachments: [] } });
  await buyer.call(ordersRoutes.complete, { params, body: {} });
  return placed.order.id;
}

test('B reviews a completed order, A answers; the gig page, its card, A’s profile and dashboard show it without a reload', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const a = await signUpInNewContext(browser, 'rev-a');
  const b = await signUpInNewContext(browser, 'rev-b');
  const sellerApi = await apiOf(a.page, baseURL);
  const title = `Landing page, reviewed (${tag})`;
  const created = await sellerApi.send(marketplaceRoutes.createGig, {
    body: {
      title,
      description: 'A landing page, designed and built.',
      category: 'web',
      subCategory: 'frontend',
      price: PRICE,
      status: 'active',
    },
  });
  expect(created.status).toBe(201);
  const gigId = created.at(201).gig.id;
  // Before any order: no reviews, said as the app says it; B's tab keeps this page's figures in its cache.
  await b.page.goto(`/marketplace/${gigId}`);
  await expect(reviews(b.page)).toContainText('No reviews yet');
  await expect(b.page.getByRole('article', { name: title })).toContainText('No reviews yet');
  const orderId = await completedOrder(sellerApi, await apiOf(b.page, baseURL), gigId);

  // B, on the completed order: the review form; without stars it says why, at the stars.
  await b.page.goto(`/orders/${orderId}`);
  const form = b.page.getByRole('region', { name: 'Review this order' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Publish review' }).click();
  const stars = form.getByRole('radiogroup', { name: 'Your rating' });
  await expect(stars).toHaveAccessibleDescription(ORDER_MESSAGES.ratingInvalid);

  // Four stars by keyboard: the arrows move along the stars and choose.
  await form.getByRole('radio', { name: '1 star: poor' }).focus();
  for (let i = 0; i < 3; i++) await b.page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars: very good' })).toBeChecked();
  await expect(form.getByRole('radio', { name: '4 stars: very good' })).toBeFocused();
  await expect(stars).not.toHaveAccessibleDescription(ORDER_MESSAGES.ratingInvalid);
  const text = `Clear brief, fast answers, a page that converts (${tag}).`;
  await form.getByLabel('Your review (optional)').fill(text);
  await expect(form.getByText(`${text.length} / 1000`)).toBeVisible();
  expect(await violations(b.page)).toEqual([]);
  await screenshots(b.page, 'review-form');

  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(toast(b.page, 'Thank you: your review is published')).toBeVisible();
  const mine = b.page.getByRole('region', { name: 'Your review' });
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(mine).toContainText(text);
  await expect(form).toHaveCount(0);

  // A, on the same order: the buyer's review and the answer form, once.
  await a.page.goto(`/orders/${orderId}`);
  const theirs = a.page.getByRole('region', { name: "The buyer's review" });
  await expect(theirs).toContainText(text);
  await expect(theirs.getByRole('link', { name: b.person.name })).toHaveAttribute('href', /^\/profile\//);
  const answerForm = theirs.getByRole('form', { name: 'Answer publicly' });
  await answerForm.getByRole('button', { name: 'Publish answer' }).click();
  await expect(answerForm.getByText(ORDER_MESSAGES.replyRequired)).toBeVisible();
  const answer = `Thank you, it was a pleasure (${tag}).`;
  await answerForm.getByLabel('Your answer').fill(answer);
  await screenshots(a.page, 'review-answer-form');
  await answerForm.getByRole('button', { name: 'Publish answer' }).click();
  await expect(toast(a.page, 'Your answer is published')).toBeVisible();
  await expect(theirs).toContainText('Response from the seller');
  await expect(theirs).toContainText(answer);
  await expect(theirs.getByRole('form', { name: 'Answer publicly' })).toHaveCount(0);

  // B follows the order's link to the gig: its rating, its completed order, the review with the answer.
  await b.page.getByRole('link', { name: title }).first().click();
  await expect(b.page).toHaveURL(`/marketplace/${gigId}`);
  await seenOnNextVisit(b.page, async () => {
    await expect(b.page.getByRole('article', { name: title })).toContainText('4.0(1 review)', { timeout: 2_000 });
    await expect(b.page.getByRole('article', { name: title })).toContainText('1 order completed', { timeout: 2_000 });
    await expect(b.page.getByRole('region', { name: 'Gig Statistics' })).toContainText('Orders1', { timeout: 2_000 });
  });
  await expect(reviews(b.page)).toContainText('4.0 from 1 review');
  await expect(reviews(b.page).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(reviews(b.page)).toContainText(text);
  await expect(reviews(b.page)).toContainText(answer);
  await expect(reviews(b.page).getByRole('link', { name: b.person.name })).toBeVisible();
  expect(await violations(b.page)).toEqual([]);
  await screenshots(b.page, 'gig-reviews');

  // Back to the marketplace by the page's own button: the card has the rating and the order.
  await b.page.getByRole('button', { name: 'Back to Marketplace' }).click();
  await b.page.getByRole('combobox', { name: 'Search gigs' }).fill(title);
  const card = b.page.getByRole('article', { name: title });
  await expect(card).toContainText('4.0(1 review)');
  await expect(card).toContainText('1 order');

  // A's public profile, as B sees it: A's rating and the review, naming its gig.
  await b.page.goto(`/profile/${a.person.username}`);
  await seenOnNextVisit(b.page, () =>
    expect(b.page.getByRole('region', { name: 'Profile' })).toContainText('4.0(1 review)', { timeout: 2_000 }),
  );
  await expect(reviews(b.page)).toContainText('4.0 from 1 review');
  await expect(reviews(b.page)).toContainText(text);
  await expect(reviews(b.page).getByRole('link', { name: title })).toHaveAttribute('href', `/marketplace/${gigId}`);
  await screenshots(b.page, 'profile-reviews');

  // A, from the order's page to the dashboard by the navigation: earnings are the order's price, success the rating × 20.
  await a.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  const tiles = a.page.getByRole('region', { name: 'Your numbers' });
  await seenOnNextVisit(a.page, async () => {
    await expect(tiles).toContainText(`$${PRICE}Total Earnings`, { timeout: 2_000 });
    await expect(tiles).toContainText('80%Success Rate', { timeout: 2_000 });
  });

  // A's own profile (the public one sends A there) lists the review and the answer too.
  await a.page.getByRole('link', { name: 'View Profile' }).click();
  await expect(a.page).toHaveURL('/profile');
  await expect(reviews(a.page)).toContainText('4.0 from 1 review');
  await expect(reviews(a.page)).toContainText(text);
  await expect(reviews(a.page)).toContainText(answer);
});

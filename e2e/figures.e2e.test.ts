import { randomUUID } from 'node:crypto';
import { identityRoutes, marketplaceRoutes } from '@commonwork/contracts';
import { expect, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, signUpWithDevIssuer } from './helpers.ts';

// Issue 27, item 4: the old front end's fixed figures ('Premium Member', '+8%', '4.9 rating / 156
// reviews / 98%', 'Top Rated' on the first two results, 'Top Performer… top 10%', '10K+ / 95% / 24/7')
// are gone; a person who just arrived sees only what is true of them and of the platform.
test('a person who just arrived sees no number nobody earned, on every screen that had one', async ({ page, baseURL }) => {
  await signUpWithDevIssuer(page, buildPerson('arrived'));
  const api = apiAt(baseURL, await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('token')));

  // Dashboard: their free plan, their tiles without change badges nor a success rate before any review.
  await expect(page.getByTestId('membership')).toHaveText('Basic Member');
  await expect(page.getByText('Premium Member')).toHaveCount(0);
  // The sidebar's account badge: their plan, not the old 'Premium' for everyone.
  await expect(page.getByTestId('account-badge').first()).toHaveText('Basic');
  const tiles = page.getByRole('region', { name: 'Your numbers' });
  await expect(tiles).toContainText('0Active Projects');
  await expect(tiles).toContainText('No reviews yet');
  await expect(tiles).not.toContainText('%');

  // Profile: the same plan, statistics without '+100%', no 'Top Performer' card.
  await page.goto('/profile');
  await expect(page.getByTestId('membership')).toHaveText('Basic Member');
  const statistics = page.getByRole('region', { name: 'Your Statistics' });
  await expect(statistics).toContainText('Updated');
  await expect(statistics).not.toContainText('%');
  await expect(page.getByText('Top Performer')).toHaveCount(0);
  await expect(page.getByText('top 10%')).toHaveCount(0);

  // Their first gig: first in its search, yet not Top Rated; no rating before a review.
  const title = `Figures nobody earned (${randomUUID().slice(0, 8)})`;
  const created = await api.send(marketplaceRoutes.createGig, {
    body: { title, description: 'A gig with no orders yet.', category: 'design', subCategory: 'logo', price: 40, status: 'active' },
  });
  expect(created.status).toBe(201);
  const gigId = created.at(201).gig.id;

  // Marketplace: the platform's own counts, not '10K+ / 95% / 24/7'. The count the page was answered
  // (other workers' people sign up meanwhile), which the platform's figures then still include.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/platform/figures');
  await page.goto('/marketplace');
  const shown = ((await (await answered).json()) as { figures: { members: number } }).figures;
  const { figures } = await api.call(identityRoutes.platformFigures);
  expect(shown.members).toBeGreaterThan(0);
  expect(figures.members).toBeGreaterThanOrEqual(shown.members);
  const hero = page.getByRole('list', { name: 'Marketplace in numbers' });
  await expect(hero.getByRole('listitem')).toHaveCount(3);
  await expect(hero).toContainText(`${shown.members.toLocaleString('en-US')} members`);
  for (const invented of ['10K+', '95%', '24/7']) await expect(hero).not.toContainText(invented);
  await page.getByRole('combobox', { name: 'Search gigs' }).fill(title);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('No reviews yet');
  await expect(card.getByText('Top Rated')).toHaveCount(0);

  // The gig's page: the freelancer's own figures, no placeholder statistics.
  await page.goto(`/marketplace/${gigId}`);
  const blurb = page.getByRole('region', { name: 'About the freelancer' });
  await expect(blurb).toContainText('No reviews yet');
  for (const invented of ['4.9', '156', '98%']) await expect(blurb).not.toContainText(invented);
  const statisticsCard = page.getByRole('region', { name: 'Gig Statistics' });
  await expect(statisticsCard).toContainText('Orders0');
  for (const invented of ['245', '43', '89']) await expect(statisticsCard).not.toContainText(invented);
});

import { expect, type Page, test } from './fixtures.ts';
import { buildPerson, chooseLanguage, collectPageErrors, signUpWithDevIssuer } from './helpers.ts';

// Issue 27: choosing Deutsch saved but the interface stayed English. The interface speaks the
// person's language (or a visitor's browser language); pre-rendered pages hydrate in English first
// and switch after, so React never meets a page that differs from its HTML.

const sidebar = (page: Page) => page.getByRole('navigation').filter({ has: page.getByRole('link', { name: /Marktplatz|Marketplace/ }) });

test('a visitor whose browser speaks French sees the landing page in French once it has hydrated', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Présentez votre travail, trouvez des missions rémunérées, rejoignez des communautés tech',
  );
  await expect(page.getByRole('link', { name: 'Commencer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions fréquentes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(errors).toEqual([]);
  await context.close();
});

test('a visitor whose browser speaks none of the four languages sees English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Showcase your work, find paid gigs, join tech communities');
  await context.close();
});

test('a person who chooses Deutsch in Settings gets the sidebar, the dashboard, toasts, dates and numbers in German, after a reload too', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const person = buildPerson('i18n');
  await signUpWithDevIssuer(page, person);

  await chooseLanguage(page, 'de');
  // The save's confirmation already speaks the chosen language.
  await expect(page.getByRole('status').filter({ hasText: 'Profileinstellungen erfolgreich gespeichert!' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Marktplatz' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Gespeicherte Elemente' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Guten (Morgen|Tag|Abend)/);
  // The dashboard's date in German form: the weekday's German name and the day before the month.
  await expect(page.locator('time').first()).toHaveText(
    /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. \S+ \d{4}/,
  );

  // Prices in German form (the demo's gigs): the amount, a no-break space, then the currency.
  await page.goto('/marketplace');
  await expect(page.getByText(/^\d{1,3}(\.\d{3})*\u00a0\$$/).first()).toBeVisible();

  await page.reload();
  await expect(sidebar(page).getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(errors).toEqual([]);
});

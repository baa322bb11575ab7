import { expect, type Page, test } from './fixtures.ts';
import { buildPerson, chooseLanguage, collectPageErrors, signUpWithDevIssuer } from './helpers.ts';
import { layoutProblems } from './layout.ts';

// Issue 27: the marketplace, the gig form, Saved Items and the dashboard speak the person's language
// (words, plurals, prices, a contracts' validation message, toasts), and German's longer words still
// fit a 390 px phone.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

test('a person who chooses Deutsch reads the marketplace, the gig form, Saved Items and the dashboard in German, on a phone too', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signUpWithDevIssuer(page, buildPerson('i18n-market'));
  await chooseLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();

  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { level: 1, name: 'Finden Sie den perfekten Freelancer' })).toBeVisible();
  // The demo's gigs: a count with German plural and digits, prices in German form.
  await expect(page.getByRole('heading', { level: 2, name: /^[\d.]+ Angebote? gefunden$/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Angebote suchen' })).toBeVisible();
  await expect(page.getByLabel('Sortieren nach')).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('link', { name: /^Details ansehen: / })).toBeVisible();
  await expect(card.getByText(/^\d{1,3}(\.\d{3})*\u00a0\$$/)).toBeVisible();

  // The form: its labels, a contracts' validation message as its toast, the draft's toast.
  await page.goto('/marketplace/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Angebot erstellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Angebot veröffentlichen' }).click();
  await expect(toast(page, 'Ein Titel ist erforderlich')).toBeVisible();
  await page.getByLabel('Titel des Angebots').fill('Ich entwerfe Ihr Logo');
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(toast(page, 'Angebot als Entwurf gespeichert!')).toBeVisible();

  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gespeicherte Elemente' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Angebote (1)' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Ich entwerfe Ihr Logo' }).getByText(/^Angebot · bearbeitet /)).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Guten (Morgen|Tag|Abend)/);
  await expect(page.getByRole('link', { name: /Angebote durchsuchen/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kommende Veranstaltungen' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/dashboard', '/marketplace', '/marketplace/create', '/saved']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    // The language switches after hydration: the check waits for German words on the screen.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});

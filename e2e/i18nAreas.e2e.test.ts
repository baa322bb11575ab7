import { expect, test } from './fixtures.ts';
import { buildPerson, chooseLanguage, collectPageErrors, signUpWithDevIssuer } from './helpers.ts';

// Issue 27: the events, community, inbox and notifications screens speak the person's language
// (their words, plurals, dates and prices), and a validation message from the contracts too.

test('a person who chooses Deutsch reads the events, the community, the inbox and the notifications in German', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signUpWithDevIssuer(page, buildPerson('i18n-areas'));
  await chooseLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Tech-Veranstaltungen' })).toBeVisible();
  await expect(page.getByLabel('Veranstaltungsart')).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('link', { name: /^Details ansehen: / })).toBeVisible();
  // The demo's events: a German medium date ('10. Mai 2030') and seats as 'n Teilnehmende'.
  await expect(card.locator('dd').first()).toHaveText(/^\d{1,2}\. \S+ \d{4}$/);
  await expect(card.getByText(/^\d+( \/ \d+)? Teilnehme/)).toBeVisible();

  // The form's labels, and a contracts' validation message in German.
  await page.goto('/events/create');
  await expect(page.getByLabel('Startdatum')).toBeVisible();
  await page.getByRole('button', { name: 'Veranstaltung veröffentlichen' }).click();
  await expect(page.getByText('Der Titel ist erforderlich')).toBeVisible();

  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 2, name: 'Kanäle' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Kanäle suchen' })).toBeVisible();

  await page.goto('/inbox');
  await expect(page.getByRole('heading', { level: 2, name: 'Posteingang' })).toBeVisible();

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Ungelesen \(\d+\)$/ })).toBeVisible();
  expect(errors).toEqual([]);
});

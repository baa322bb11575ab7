import { randomUUID } from 'node:crypto';
import { draftsRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { buildPerson, signUpWithDevIssuer } from './helpers.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

test('an event written half way is saved as a draft, found in Saved Items, continued and published, and the draft goes', async ({
  page,
}) => {
  const title = `Graph databases night ${randomUUID().slice(0, 6)}`;
  await signUpWithDevIssuer(page, buildPerson('drafter'));

  await page.goto('/events/create');
  // No title, no draft: the button says what is missing and saves nothing.
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Please enter a title to save as draft')).toBeVisible();

  // The title last: the form saves itself a few seconds after it has one, and this draft is saved by hand.
  await page.getByLabel('Description').fill('Talks on property graphs, then questions over drinks.');
  await page.getByLabel('Category').selectOption('meetup');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Draft saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/saved$/);

  // Saved Items lists it under All and Events, not Gigs; search finds it by title.
  const item = page.getByRole('article', { name: title });
  await expect(item).toBeVisible();
  await page.getByRole('tab', { name: 'Gigs (0)' }).click();
  await expect(item).toHaveCount(0);
  await page.getByRole('tab', { name: 'Events (1)' }).click();
  await page.getByLabel('Search drafts by title').fill('graph databases');
  await expect(item).toBeVisible();

  // Edit carries the draft back into the form, as it was left.
  await item.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);
  // The draft survives a reload of the form (it travels in the history entry).
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Description')).toHaveValue('Talks on property graphs, then questions over drinks.');
  await expect(page.getByLabel('Category')).toHaveValue('meetup');

  // Finished and published: the event is out, and its draft is gone from Saved Items.
  await page.getByLabel('Start Date').fill('2030-06-12');
  await page.getByLabel('Start Time').fill('19:00');
  await page.getByLabel('Location Type').selectOption('online');
  await page.getByLabel('Meeting Link').fill('https://meet.example.com/graphs');
  await page.getByRole('button', { name: 'Publish Event' }).click();
  await expect(toast(page, 'Event created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
  await expect(async () => {
    await page.goto('/saved');
    await expect(page.getByText('No drafts')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test('a gig saved as a draft goes to Saved Items, is updated there, then published, and the draft goes', async ({ page }) => {
  const title = `Brand refresh ${randomUUID().slice(0, 6)}`;
  await signUpWithDevIssuer(page, buildPerson('gigdrafter'));

  await page.goto('/marketplace/create');
  // A draft needs only its title (spec 001 §5, the event form's rule): not the publish checks.
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Please enter a title to save as draft')).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill('A new logo, colours and type, delivered as a small brand book.');
  await page.getByLabel('Category', { exact: true }).selectOption('design');
  await page.getByLabel('Sub-category', { exact: true }).selectOption('logo');
  await page.getByLabel('Price (USD)').fill('300');
  await page.getByLabel('Gig Title').fill(title);
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Gig saved as draft!')).toBeVisible();
  await expect(page).toHaveURL(/\/saved$/);

  await page.getByRole('tab', { name: 'Gigs (1)' }).click();
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/marketplace\/create$/);
  await expect(page.getByLabel('Price (USD)')).toHaveValue('300');
  await page.getByLabel('Price (USD)').fill('350');
  await page.getByRole('button', { name: 'Update Draft' }).click();
  await expect(toast(page, 'Draft updated successfully')).toBeVisible();

  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Price (USD)')).toHaveValue('350');
  await page.getByRole('button', { name: 'Publish Gig' }).click();
  await expect(toast(page, 'Gig published successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(async () => {
    await page.goto('/saved');
    await expect(page.getByText('No drafts')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test('a form saves itself as it is typed, survives a reload, and a newer save from another tab is never overwritten unseen', async ({
  context,
  page,
}) => {
  const title = `Data pipeline audit ${randomUUID().slice(0, 6)}`;
  const description = page.getByLabel('Description', { exact: true });
  await signUpWithDevIssuer(page, buildPerson('autosaver'));

  await page.goto('/marketplace/create');
  await page.getByLabel('Gig Title').fill(title);
  await description.fill('I review your ETL jobs and write down what to fix first.');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(page.getByLabel('Gig Title')).toHaveValue(title);
  await expect(description).toHaveValue('I review your ETL jobs and write down what to fix first.');
  await expect(page.getByRole('button', { name: 'Update Draft' })).toBeVisible();

  // A second tab continues the same draft from Saved Items and saves first.
  const other = await context.newPage();
  await other.goto('/saved');
  await other.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
  await other.getByLabel('Description', { exact: true }).fill('Written in the other tab: a two-week audit with a report.');
  await expect(other.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });

  // This tab's next save is refused; both versions are shown, and this tab's is kept on purpose.
  await description.fill('Written here: a one-week audit, then a call.');
  const dialog = page.getByRole('dialog', { name: 'This draft was changed in another tab or device' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('row', { name: /description/ })).toContainText('Written here: a one-week audit, then a call.');
  await expect(dialog.getByRole('row', { name: /description/ })).toContainText('Written in the other tab: a two-week audit with a report.');
  await dialog.getByRole('button', { name: "Keep this tab's version" }).click();
  await expect(toast(page, 'Draft updated successfully')).toBeVisible();

  // The other tab, now behind, is asked in turn and takes this tab's version.
  await other.getByLabel('Price (USD)').fill('800');
  const otherDialog = other.getByRole('dialog', { name: 'This draft was changed in another tab or device' });
  await expect(otherDialog).toBeVisible({ timeout: 10_000 });
  await otherDialog.getByRole('button', { name: 'Use the other version' }).click();
  await expect(other.getByLabel('Description', { exact: true })).toHaveValue('Written here: a one-week audit, then a call.');

  // What is stored is the version chosen.
  await other.goto('/saved');
  await other.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
  await expect(other.getByLabel('Description', { exact: true })).toHaveValue('Written here: a one-week audit, then a call.');
});

test('Save as Draft keeps a half-filled gig as it is: no publish checks, no field errors, one draft', async ({ page }) => {
  const title = `Half a gig ${randomUUID().slice(0, 6)}`;
  await signUpWithDevIssuer(page, buildPerson('halfgig'));

  await page.goto('/marketplace/create');
  await page.getByLabel('Gig Title').fill(title);
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Gig saved as draft!')).toBeVisible();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(toast(page, 'Description is required')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Gigs (1)' })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(1);

  // Opened again, it is the form as it was left, without a field marked wrong.
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Gig Title')).toHaveValue(title);
  await expect(page.getByText('Description is required')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
});

test('opening the create forms makes no draft; coming back offers the unfinished one, and Resume fills the form', async ({ page }) => {
  const title = `Resumable gig ${randomUUID().slice(0, 6)}`;
  const description = page.getByLabel('Description', { exact: true });
  const offer = page.getByRole('region', { name: 'Unfinished draft' });
  await signUpWithDevIssuer(page, buildPerson('resumer'));

  // Two visits to each form, longer than the autosave delay, typing nothing: no draft, nothing to resume.
  for (const path of ['/marketplace/create', '/events/create', '/marketplace/create', '/events/create']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeVisible();
    await page.waitForTimeout(3_500);
    await expect(offer).toHaveCount(0);
  }
  await page.goto('/saved');
  await expect(page.getByText('No drafts')).toBeVisible();

  // A form typed into saves itself; left, then opened again, it offers that draft instead of an empty form only.
  await page.goto('/marketplace/create');
  await page.getByLabel('Gig Title').fill(title);
  await description.fill('Started on the train; the price still to decide.');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  // The dashboard shown first: until its screen has loaded the address is still the form's, and going
  // to the same address is a reload (the browser keeps the history entry), which reopens the draft.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/marketplace/create');
  await expect(offer).toContainText(`Resume your draft “${title}”`);
  await expect(page.getByLabel('Gig Title')).toHaveValue('');
  // The event form offers only event drafts.
  await page.goto('/events/create');
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // Resume: the form is the draft, and goes on saving that same draft.
  await page.goto('/marketplace/create');
  await offer.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByLabel('Gig Title')).toHaveValue(title);
  await expect(description).toHaveValue('Started on the train; the price still to decide.');
  await expect(offer).toHaveCount(0);
  await page.getByLabel('Price (USD)').fill('120');
  await page.getByRole('button', { name: 'Update Draft' }).click();
  await expect(toast(page, 'Draft updated successfully')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Gigs (1)' })).toBeVisible();

  // Start fresh: an empty form, which becomes a second draft only once it is typed into.
  await page.goto('/marketplace/create');
  await offer.getByRole('button', { name: 'Start fresh' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByLabel('Gig Title')).toHaveValue('');
  await page.getByLabel('Gig Title').fill(`${title} (second)`);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.goto('/saved');
  await expect(page.getByRole('tab', { name: 'Gigs (2)' })).toBeVisible();
  await expect(page.getByRole('article', { name: title, exact: true }).getByText('edited')).toBeVisible();
});

test('a save whose answer was lost is the same draft when sent again, and after a reload', async ({ page }) => {
  const title = `Lost answer gig ${randomUUID().slice(0, 6)}`;
  await signUpWithDevIssuer(page, buildPerson('lostanswer'));
  // The next create reaches the server, which saves it, but its answer never comes back.
  let loseNext = true;
  await page.route(`**${draftsRoutes.create.url}`, async (route) => {
    if (route.request().method() !== 'POST' || !loseNext) return route.fallback();
    loseNext = false;
    await route.fetch();
    await route.abort('connectionreset');
  });

  await page.goto('/marketplace/create');
  await page.getByLabel('Gig Title').fill(title);
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Failed to save draft')).toBeVisible();
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Gig saved as draft!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Gigs (1)' })).toBeVisible();

  // Lost again while the form saves itself; the page reloaded opens the draft it had saved.
  loseNext = true;
  await page.goto('/marketplace/create');
  await page.getByRole('region', { name: 'Unfinished draft' }).getByRole('button', { name: 'Start fresh' }).click();
  await page.getByLabel('Gig Title').fill(`${title} (second)`);
  await expect(page.getByText('Not saved.')).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(page.getByLabel('Gig Title')).toHaveValue(`${title} (second)`);
  await page.getByLabel('Price (USD)').fill('90');
  await page.getByRole('button', { name: 'Update Draft' }).click();
  await expect(toast(page, 'Draft updated successfully')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Gigs (2)' })).toBeVisible();
});

import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
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

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Talks on property graphs, then questions over drinks.');
  await page.getByLabel('Category').selectOption('meetup');
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

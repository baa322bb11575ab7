import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { buildPerson, signUpWithDevIssuer } from './helpers.ts';

/** react-hot-toast announces each toast in a status region. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

async function signUpSomeoneElse(browser: Browser, prefix: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpWithDevIssuer(page, buildPerson(prefix));
  return { page, close: () => context.close() };
}

test('an organiser publishes an event with an image; people find it, register until it is full, and cancel', async ({ page, browser }) => {
  const word = `zeta${randomUUID().slice(0, 6)}`;
  const title = `Rust workshop ${word}`;
  await signUpWithDevIssuer(page, buildPerson('organiser'));

  await page.goto('/events/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
  // The shared rules check the form: an empty submit names each missing field, and nothing is sent.
  await page.getByRole('button', { name: 'Publish Event' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Start date is required')).toBeVisible();
  await expect(page.getByText('Location type is required')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Two hours of hands-on Rust for web developers, from ownership to a small web server.');
  await page.getByLabel('Category').selectOption('workshop');
  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(toast(page, 'Image uploaded successfully')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Event' })).toBeVisible();
  await page.getByLabel('Start Date').fill('2030-05-10');
  await page.getByLabel('Start Time').fill('18:30');
  await page.getByLabel('Location Type').selectOption('offline');
  await expect(page.getByLabel('Meeting Link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish Event' }).click();
  await expect(page.getByText('Address is required for in-person and hybrid events')).toBeVisible();
  await page.getByLabel('Address').fill('1 Harbour Street');
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('Max Attendees').fill('1');
  await page.getByLabel('Price').fill('15');
  const tagInput = page.getByLabel('Tags');
  await tagInput.fill('rust');
  await tagInput.press('Enter');
  await page.getByRole('button', { name: 'Add agenda item' }).click();
  await page.getByLabel('Time', { exact: true }).fill('18:30');
  await page.getByLabel('Session title').fill('Ownership in an hour');
  await page.getByRole('button', { name: 'Publish Event' }).click();
  await expect(toast(page, 'Event created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);

  // The list finds it by a word of its title, and the filters are the server's.
  const search = page.getByPlaceholder('Search for events...');
  await search.fill(word);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('May 10, 2030')).toBeVisible();
  await page.getByLabel('Price').selectOption('free');
  await expect(page.getByText('No events found')).toBeVisible();
  await page.getByLabel('Price').selectOption('paid');
  await expect(card).toBeVisible();
  await page.getByLabel('Event Type').selectOption('hackathon');
  await expect(page.getByText('No events found')).toBeVisible();
  await page.getByLabel('Event Type').selectOption('workshop');
  await card.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('You are the organizer')).toBeVisible();
  const eventUrl = page.url();

  // A second person takes the only seat; a third finds it full until the seat is given back.
  const bob = await signUpSomeoneElse(browser, 'attendee');
  const cy = await signUpSomeoneElse(browser, 'latecomer');
  try {
    await bob.page.goto(eventUrl);
    await bob.page.getByRole('button', { name: 'Register for Event' }).click();
    await expect(toast(bob.page, 'Successfully registered for event')).toBeVisible();
    await expect(bob.page.getByRole('button', { name: 'Cancel Registration' })).toBeVisible();
    await expect(bob.page.getByText('1 / 1 attendees').first()).toBeVisible();

    await cy.page.goto(eventUrl);
    await expect(cy.page.getByText('Event is Full')).toBeVisible();
    await expect(cy.page.getByRole('button', { name: 'Register for Event' })).toHaveCount(0);

    await bob.page.getByRole('button', { name: 'Cancel Registration' }).click();
    await expect(toast(bob.page, 'Registration cancelled successfully')).toBeVisible();
    await expect(bob.page.getByRole('button', { name: 'Register for Event' })).toBeVisible();

    await cy.page.reload();
    await cy.page.getByRole('button', { name: 'Register for Event' }).click();
    await expect(toast(cy.page, 'Successfully registered for event')).toBeVisible();
  } finally {
    await bob.close();
    await cy.close();
  }
});

test('an unknown event says so, with a way back', async ({ page }) => {
  await signUpWithDevIssuer(page, buildPerson('visitor'));
  await page.goto(`/events/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
});

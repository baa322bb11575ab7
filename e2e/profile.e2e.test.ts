import sharp from 'sharp';
import { expect, type Page, test } from './fixtures.ts';
import { buildPerson, signUpWithDevIssuer } from './helpers.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

test('a new picture shows on the profile and in the sidebar, and the statistics card shows real figures', async ({ page }) => {
  const person = buildPerson('pictured');
  await signUpWithDevIssuer(page, person);
  await page.goto('/profile');

  // The picker's own check first: a file that is not an image is refused before any upload.
  await page.getByLabel('Change picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid file type. Allowed types: image/jpeg, image/jpg, image/png, image/webp' }),
  ).toBeVisible();

  const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
  await page.getByLabel('Change picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(toast(page, 'Profile picture updated successfully')).toBeVisible();
  const pictures = page.getByRole('img', { name: person.name });
  // On the profile and in the sidebar's account card, from the media service.
  await expect(pictures).toHaveCount(2);
  for (const picture of await pictures.all()) await expect(picture).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]{36}\.\w+$/);
  // It stays after a reload: the stored session was updated with it.
  await page.reload();
  await expect(page.getByRole('img', { name: person.name }).first()).toHaveAttribute('src', /^\/api\/media\//);

  const stats = page.getByRole('region', { name: 'Your Statistics' });
  await expect(stats.getByRole('link', { name: /Active Gigs\s*0/ })).toBeVisible();
  await stats.getByRole('link', { name: /Messages/ }).click();
  await expect(page).toHaveURL(/\/inbox$/);
});

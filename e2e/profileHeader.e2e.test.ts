import sharp from 'sharp';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { buildPerson, signUpWithDevIssuer } from './helpers.ts';
import { layoutProblems } from './layout.ts';

// Issue 27: after a picture upload the profile's header cut the name ('Alic…') and ran the email into
// Sign Out, at 1280 px and on a phone: the upload's banner widened the picture's column.

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

async function expectHeaderWhole(page: Page, email: string) {
  const header = page.locator('form header').first();
  expect(await layoutProblems(page)).toEqual([]);
  const emailLine = header.getByText(email);
  await expect(emailLine).toBeVisible();
  expect(await overlaps(emailLine, header.getByRole('button', { name: 'Sign Out' }))).toBe(false);
  expect(await overlaps(emailLine, header.getByRole('button', { name: 'Edit Profile' }))).toBe(false);
}

for (const width of [1280, 390]) {
  test(`the profile header keeps the whole name and email beside the buttons after a picture upload, ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const person = buildPerson('header');
    // A long email: the header must make room for it, not run it under the buttons.
    person.email = `alice.johnson.designs-${person.email}`;
    await signUpWithDevIssuer(page, person);
    await page.goto('/profile');
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: 'orange' } })
      .png()
      .toBuffer();
    await page.getByLabel('Change picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    // While the upload's success banner shows, and after it has gone.
    await expect(page.locator('form header').getByRole('status').filter({ hasText: 'Profile picture updated successfully' })).toBeVisible();
    await expect(page.locator('form header h1')).toHaveText(person.name);
    await expectHeaderWhole(page, person.email);
  });
}

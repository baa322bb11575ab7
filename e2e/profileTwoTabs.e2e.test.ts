import { identityRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, logInWithDevIssuer, signUpWithDevIssuer } from './helpers.ts';

// Issue 27's lost update: a second browser that saved its bio wrote back the phone, skills and
// language it had read before the first changed them. Fields are found by id where the first's
// change of language may have changed the words on screen.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** The signed-in user as the server has it, read with the page's own session. */
async function storedUser(page: Page) {
  const session = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('user'));
  const { id, token } = JSON.parse(session ?? '{}') as { id: string; token: string };
  const res = await apiAt(new URL(page.url()).origin, token).send(identityRoutes.userById, { params: { id } });
  expect(res.status).toBe(200);
  return res.at(200).user;
}

test('a second browser saving its bio keeps the phone, skills and language the first changed meanwhile', async ({ browser }) => {
  const person = buildPerson('twotabs');
  const first = await (await browser.newContext()).newPage();
  await signUpWithDevIssuer(first, person);
  const second = await (await browser.newContext()).newPage();
  await logInWithDevIssuer(second, person);

  // The second opens the profile editor before the first changes anything.
  await second.goto('/profile');
  await second.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(second.locator('#profile-bio')).toHaveValue(person.bio);

  // The first adds a skill on its profile, then changes phone and language in Settings.
  await first.goto('/profile');
  await first.getByRole('button', { name: 'Edit Profile' }).click();
  await first.getByLabel('Add a skill').fill('Rust');
  await first.getByRole('button', { name: 'Add', exact: true }).click();
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(first, 'Profile updated successfully')).toBeVisible();
  await first.goto('/settings');
  await first.locator('#settings-phone').fill('+44 20 7946 0000');
  await first.locator('#settings-language').selectOption('de');
  await first.locator('#settings-panel button[type="submit"]').click();
  await expect.poll(async () => (await storedUser(first)).preferences?.language).toBe('de');

  // The second saves its bio from the copy it opened: refused, shown the newer profile, its bio kept.
  await second.locator('#profile-bio').fill('Poetical science.');
  await second.locator('header button[type="submit"]').click();
  // The newer profile carries the first's German: the second's screen may switch to it at any moment now.
  await expect(
    second
      .getByRole('alert')
      .filter({ hasText: /Your profile was changed in another tab or device|Ihr Profil wurde in einem anderen Tab/ }),
  ).toBeVisible();
  await expect(second.locator('#profile-bio')).toHaveValue('Poetical science.');
  await expect(second.getByRole('list', { name: /^(Skills|Fähigkeiten)$/ })).toContainText('Rust');
  await second.locator('header button[type="submit"]').click();
  await expect(second.locator('#profile-bio')).toBeHidden();

  // Nothing of the first is lost, and the second's bio is saved.
  const user = await storedUser(second);
  expect(user).toMatchObject({ bio: 'Poetical science.', phone: '+44 20 7946 0000', skills: ['Rust'], preferences: { language: 'de' } });
});

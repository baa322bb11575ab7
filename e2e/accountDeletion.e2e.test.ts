import { identityRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, collectPageErrors, signUpThroughForm, signUpWithDevIssuer } from './helpers.ts';

// Issue 33's account deletion in Settings → Privacy → Delete account, through the real gateway: the
// dialog asks for the username, the account goes, this browser is signed out on the home page, and
// the same sign-in later starts a new account.

/** The page's stored session: its person's id and access token. */
async function storedSession(page: Page) {
  const stored = await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as BrowserGlobals;
    return { user: localStorage.getItem('user'), token: localStorage.getItem('token') };
  });
  return { id: (JSON.parse(stored.user ?? '{}') as { id?: string }).id ?? '', token: stored.token ?? '' };
}

test('Delete account asks for the username, signs out onto the home page, and the same sign-in starts afresh', async ({ page }) => {
  const errors = collectPageErrors(page);
  const person = buildPerson('leaving');
  await signUpWithDevIssuer(page, person);
  const before = await storedSession(page);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  const typed = dialog.getByLabel(`Type ${person.username} to confirm`);
  await typed.fill('not-my-name');
  await expect(confirm).toBeDisabled();
  await typed.fill(person.username);
  await confirm.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await storedSession(page)).toEqual({ id: '', token: '' });
  const api = apiAt(new URL(page.url()).origin, before.token);
  await expect
    .poll(async () => (await api.send(identityRoutes.userById, { params: { id: before.id } })).status, { timeout: 3_000 })
    .toBe(401);

  // The same account signs up again as someone new: the profile step, the same username free again, a new id.
  await signUpThroughForm(page, person);
  expect((await storedSession(page)).id).not.toBe(before.id);
  expect(errors).toEqual([]);
});

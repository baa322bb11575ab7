import { identityRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, logInWithDevIssuer, signUpWithDevIssuer } from './helpers.ts';

/** The page's stored session: its person's id and access token. */
async function storedSession(page: Page) {
  const stored = await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as BrowserGlobals;
    return { user: localStorage.getItem('user'), token: localStorage.getItem('token') };
  });
  return { id: (JSON.parse(stored.user ?? '{}') as { id?: string }).id ?? '', token: stored.token ?? '' };
}

/** What the server answers a token now (200 while its session lives, 401 once it ended). */
const statusWith = (page: Page, session: { id: string; token: string }) =>
  apiAt(new URL(page.url()).origin, session.token)
    .send(identityRoutes.userById, { params: { id: session.id } })
    .then((res) => res.status);

test('signing out ends the session on the server: the token it held is refused', async ({ page }) => {
  const person = buildPerson('signout');
  await signUpWithDevIssuer(page, person);
  const session = await storedSession(page);
  expect(await statusWith(page, session)).toBe(200);

  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedSession(page)).toEqual({ id: '', token: '' });
  // Within the verifiers' second, a copy of the token (a stolen one) no longer works.
  await expect.poll(() => statusWith(page, session), { timeout: 3_000 }).toBe(401);
});

test('sign out everywhere in Settings signs out this browser and, on its next request, another', async ({ browser }) => {
  const person = buildPerson('everywhere');
  const phone = await (await browser.newContext()).newPage();
  await signUpWithDevIssuer(phone, person);
  const laptop = await (await browser.newContext()).newPage();
  await logInWithDevIssuer(laptop, person);
  const laptopSession = await storedSession(laptop);

  await phone.goto('/settings');
  await phone.getByRole('tab', { name: 'Privacy' }).click();
  await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toContainText('including this one');
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await statusWith(laptop, laptopSession)).toBe(200);

  await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(phone).toHaveURL(/\/$/);
  expect(await storedSession(phone)).toEqual({ id: '', token: '' });

  // The laptop still shows its screen; its next request is refused and ends its session.
  await expect.poll(() => statusWith(laptop, laptopSession), { timeout: 3_000 }).toBe(401);
  await laptop.goto('/settings');
  await expect(laptop).toHaveURL(/\/login$/);
  await expect(laptop.getByText('Your session has expired. Please log in again.')).toBeVisible();
  expect(await storedSession(laptop)).toEqual({ id: '', token: '' });
});

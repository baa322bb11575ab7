import { expect, test } from './fixtures.ts';
import { devCredential, stubGoogleIdentity } from './google.ts';
import { type BrowserGlobals, buildPerson, completeProfile } from './helpers.ts';

test.beforeEach(async ({ context }) => {
  await stubGoogleIdentity(context);
});

test('signing up with the Google button completes the profile and lands on the dashboard', async ({ page, baseURL }) => {
  const person = buildPerson('google');
  const credential = await devCredential(baseURL, person.email, person.name);
  await page.goto('/signup');
  await page.evaluate((token) => {
    (globalThis as unknown as BrowserGlobals).__e2eCredential = token;
  }, credential);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  await completeProfile(page, person);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same account logs in again straight away.
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
  // Logging out ends the session on the server, then here, then shows the landing page: a navigation
  // before that would leave the session stored (and /login would send the person on to the dashboard).
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.evaluate(
    (token) => {
      (globalThis as unknown as BrowserGlobals).__e2eCredential = token;
    },
    await devCredential(baseURL, person.email, person.name),
  );
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('Google returning no credential shows the page’s error', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByText('Google login failed. Please try again.').first()).toBeVisible();

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByText('Google sign up was cancelled or failed').first()).toBeVisible();
});

test('a credential the server refuses shows its message', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    (globalThis as unknown as BrowserGlobals).__e2eCredential = 'not.a.real-credential-token';
  });
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByText('Login failed. Please try again.')).toBeVisible();
  await expect(page.getByText('Invalid sign-in credential')).toBeVisible();
});

test('a visitor sent from a signed-in page signs in from the landing page’s dialog and gets back there', async ({ page, baseURL }) => {
  await page.goto('/events');
  await expect(page).toHaveURL(/\/$/);
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await expect(dialog).toBeVisible();

  // Google answering without a credential: the dialog says so; closing it forgets the error.
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(dialog.getByText('Google login failed. Please try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('find paid gigs');
  await expect(dialog).toBeHidden();

  await page.goto('/events');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(dialog.getByText('Google login failed. Please try again.')).toBeHidden();
  const person = buildPerson('welcome');
  await page.evaluate(
    (token) => {
      (globalThis as unknown as BrowserGlobals).__e2eCredential = token;
    },
    await devCredential(baseURL, person.email, person.name),
  );
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(dialog).toBeHidden();
  await completeProfile(page, person);
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText('Account created successfully!')).toBeVisible();
});

import { expect, type Page, test } from './fixtures.ts';
import { type BrowserGlobals, buildPerson, logInWithDevIssuer, signUpThroughForm, signUpWithDevIssuer } from './helpers.ts';

/** The stored 'user' and 'token' entries. */
const storedSession = (page: Page) =>
  page.evaluate(() => {
    const { localStorage } = globalThis as unknown as BrowserGlobals;
    return [localStorage.getItem('user'), localStorage.getItem('token')];
  });

test('a visitor sees the landing page', async ({ page, request }) => {
  // The page comes drawn in the HTML (pre-rendered at build time); a path no route has comes empty.
  expect(await (await request.get('/')).text()).toContain('Showcase your work, find paid gigs, join tech communities');
  expect(await (await request.get('/no/such/page')).text()).toContain('<div id="root"></div>');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('find paid gigs');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toHaveAttribute('href', '/login');
  for (const title of ['Freelance Marketplace', 'Tech Communities', 'Live Events and Learning']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }

  // The FAQ keeps at most one answer open (the drawn page is inert until the scripts take it over: clicks wait).
  const first = page.getByRole('button', { name: 'Is Commonwork free to join?' });
  const second = page.getByRole('button', { name: 'What do premium plans add?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('priority job matching')).toBeVisible();
  // React took over the pre-rendered nodes as they were: no hydration mismatch, in either theme.
  await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light mode' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(errors).toEqual([]);
});

test('sign up, complete the profile, use the layout, keep the theme, log out', async ({ page }) => {
  const person = buildPerson('signup');
  await signUpThroughForm(page, person);

  await expect(page.getByText('Account created successfully!')).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  for (const label of ['Marketplace', 'Events', 'Community', 'Dashboard', 'Notifications', 'Saved Items', 'Inbox', 'Settings']) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name.split(' ')[0] ?? '');

  // The theme survives a reload.
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await sidebar.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page).toHaveURL(/\/dashboard$/);

  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Create Profile' }).first()).toBeVisible();
  expect(await storedSession(page)).toEqual([null, null]);
});

test('a returning user logs in straight to the dashboard', async ({ page, browser }) => {
  const person = buildPerson('return');
  await signUpWithDevIssuer(page, person);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await logInWithDevIssuer(fresh, person);
  await expect(fresh.getByText('Welcome back!')).toBeVisible();
  await context.close();
});

test('a visitor is sent away from protected routes', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('a join link asks a visitor to log in first', async ({ page }) => {
  await page.goto('/join/channel/abc');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please login to join the channel')).toBeVisible();
});

test('an edited bio persists after a reload', async ({ page, browser }) => {
  const person = buildPerson('bio');
  await signUpWithDevIssuer(page, person);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
  // Everyone starts on the free plan: 'Premium Member' is for a premium plan only.
  await expect(page.getByText('Basic Member')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const newBio = `Updated bio ${Date.now()}`;
  await page.getByLabel('Bio', { exact: true }).fill(newBio);
  await page.getByLabel('Add a skill').fill('Playwright');
  await page.getByLabel('Add a skill').press('Enter');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully').first()).toBeVisible();

  await page.reload();
  await expect(page.getByText(newBio)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Skills' }).getByText('Playwright')).toBeVisible();

  // The server has it too, not only local storage: a new session, in a browser with nothing stored, sees the
  // same bio. (Clearing this page's storage would race the profile's own read, which stores the user again.)
  const elsewhere = await (await browser.newContext()).newPage();
  await logInWithDevIssuer(elsewhere, person);
  await elsewhere.goto('/profile');
  await expect(elsewhere.getByText(newBio)).toBeVisible();
  await elsewhere.context().close();
});

test('settings save the chosen preferences', async ({ page }) => {
  const person = buildPerson('settings');
  await signUpWithDevIssuer(page, person);
  await page.goto('/settings');
  await expect(page.getByLabel('Email', { exact: true })).toHaveJSProperty('readOnly', true);
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await page.getByLabel('Profile visibility').selectOption('private');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Privacy settings saved successfully!').first()).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByLabel('Profile visibility')).toHaveValue('private');
});

test('after logging in from a join link the user comes back to it', async ({ page }) => {
  const person = buildPerson('join');
  await page.goto('/join/channel/xyz789');
  await expect(page).toHaveURL(/\/login$/);
  const devForm = page.getByRole('region', { name: 'Developer sign-in' });
  await devForm.getByLabel('Email', { exact: true }).fill(person.email);
  await devForm.getByLabel('Name', { exact: true }).fill(person.name);
  await devForm.getByRole('button', { name: 'Sign in as developer' }).click();
  const modal = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await modal.getByLabel('Username').fill(person.username);
  await modal.getByLabel('Bio', { exact: true }).fill(person.bio);
  await modal.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page).toHaveURL(/\/join\/channel\/xyz789$/);
  await expect(page.getByRole('heading', { name: 'Join channel' })).toBeVisible();
});

test('a taken username is refused in the profile step', async ({ page, browser }) => {
  const first = buildPerson('taken');
  await signUpWithDevIssuer(page, first);

  const context = await browser.newContext();
  const other = await context.newPage();
  const second = buildPerson('taken');
  await other.goto('/signup');
  const devForm = other.getByRole('region', { name: 'Developer sign-in' });
  await devForm.getByLabel('Email', { exact: true }).fill(second.email);
  await devForm.getByLabel('Name', { exact: true }).fill(second.name);
  await devForm.getByRole('button', { name: 'Sign up as developer' }).click();
  const modal = other.getByRole('dialog', { name: 'Complete Your Profile' });
  await modal.getByLabel('Username').fill(first.username);
  await modal.getByLabel('Bio', { exact: true }).fill(second.bio);
  await modal.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(modal.getByText('Username is already taken').first()).toBeVisible();
  await expect(other).toHaveURL(/\/signup$/);
  await context.close();
});

test('an expired session sends the user to /login on the next call', async ({ page }) => {
  const person = buildPerson('expired');
  await signUpWithDevIssuer(page, person);
  // Off the app while the token is spoilt: a live page's own calls (the badge's poll) would meet the 401 first.
  await page.goto('/favicon.svg');
  await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as BrowserGlobals;
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('user', JSON.stringify({ ...stored, token: 'not-a-valid-token' }));
    localStorage.setItem('token', 'not-a-valid-token');
  });
  // Settings reads the person again as it opens (so a save never rests on a stale copy): that is the next call.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  expect(await storedSession(page)).toEqual([null, null]);
});

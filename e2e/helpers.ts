import { randomUUID } from 'node:crypto';
import { type ApiClient, createApiClient, identityRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, type Page, test } from '@playwright/test';

/**
 * The platform's API for setting a test's data up, as `token`'s person (none when left out):
 * contracts' typed client on the server the browser uses (the test's `baseURL`), every answer
 * checked against its route's contract.
 */
export function apiAt(baseURL: string | undefined, token?: string | null): ApiClient {
  if (!baseURL) throw new Error('the browser tests run with a baseURL (e2e/playwright.config.ts)');
  return createApiClient({ baseUrl: baseURL, token: () => token, checkAnswers: true });
}

/** Every signed-in screen without an id in its path: the pages the accessibility and keyboard scans open. */
export const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/marketplace',
  '/marketplace/create',
  '/events',
  '/events/create',
  '/community',
  '/inbox',
  '/notifications',
  '/profile',
  '/settings',
  '/saved',
  '/orders',
] as const;

/** A person no earlier test has used: unique email and username per call. */
export function buildPerson(prefix = 'e2e') {
  const id = randomUUID().slice(0, 8);
  return {
    email: `${prefix}-${id}@example.test`,
    name: `Ada ${id}`,
    username: `${prefix}_${id}`,
    bio: `Builds things with TypeScript (${id}).`,
  };
}

export type Person = ReturnType<typeof buildPerson>;

/**
 * Signs a new person up with the dev issuer as its form does (the same three calls: an ID token, the
 * sign-in, the profile step), keeps the session where the web app keeps it and opens /dashboard: the
 * set-up most tests need, without drawing the form (about 0.7 s less each). The form and the 'Complete
 * Your Profile' step are what signUpThroughForm and auth.e2e test.
 */
export async function signUpWithDevIssuer(page: Page, person: Person): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  const visitor = apiAt(baseURL);
  const { token: idToken } = await visitor.call(identityRoutes.devToken, { body: { email: person.email, name: person.name } });
  const signedIn = await visitor.call(identityRoutes.googleSignIn, { body: { token: idToken } });
  const { user, token } = await apiAt(baseURL, signedIn.token).call(identityRoutes.setupUser, {
    body: { email: person.email, name: person.name, username: person.username, bio: person.bio },
  });
  // Storage belongs to an origin: a small document of the platform's first (no app, so nothing reads it yet).
  await page.goto('/healthz');
  await page.evaluate(
    ([keys, session]) => {
      const { localStorage } = globalThis as unknown as BrowserGlobals;
      localStorage.setItem(keys.user, JSON.stringify(session));
      localStorage.setItem(keys.token, session.token);
    },
    [STORAGE_KEYS, { ...user, token }] as const,
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.name.split(' ')[0] ?? '');
}

/**
 * Signs a new person up through /signup with the dev issuer form and completes the profile in the
 * 'Complete Your Profile' modal; ends on /dashboard.
 */
export async function signUpThroughForm(page: Page, person: Person): Promise<void> {
  await page.goto('/signup');
  const devForm = page.getByRole('region', { name: 'Developer sign-in' });
  await expect(devForm).toBeVisible();
  await devForm.getByLabel('Email', { exact: true }).fill(person.email);
  await devForm.getByLabel('Name', { exact: true }).fill(person.name);
  await devForm.getByRole('button', { name: 'Sign up as developer' }).click();

  const modal = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Name', { exact: true })).toHaveValue(person.name);
  await completeProfile(page, person);

  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Fills the 'Complete Your Profile' step, opened with the person's email, and sends it. */
export async function completeProfile(page: Page, person: Person): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(modal.getByLabel('Email', { exact: true })).toHaveValue(person.email);
  await modal.getByLabel('Username').fill(person.username);
  await modal.getByLabel('Bio', { exact: true }).fill(person.bio);
  await modal.getByRole('button', { name: 'Complete Profile' }).click();
}

/** Signs an existing person in through /login with the dev issuer form. */
export async function logInWithDevIssuer(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  const devForm = page.getByRole('region', { name: 'Developer sign-in' });
  await devForm.getByLabel('Email', { exact: true }).fill(person.email);
  await devForm.getByLabel('Name', { exact: true }).fill(person.name);
  await devForm.getByRole('button', { name: 'Sign in as developer' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Saves a language in Settings as the person would (the select and Save Changes); ends on /settings. */
export async function chooseLanguage(page: Page, language: 'en' | 'es' | 'fr' | 'de'): Promise<void> {
  await page.goto('/settings');
  await page.locator('#settings-language').selectOption(language);
  await page.locator('#settings-panel button[type="submit"]').click();
}

/**
 * Console errors and uncaught exceptions as a page runs: where React reports a page that did not
 * hydrate as drawn. Failed fetches are left out: offline, the sign-in page's Google script cannot load.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * The browser globals that `page.evaluate` callbacks use. The root tsconfig has no DOM library (it
 * type-checks Node code), so callbacks cast `globalThis` to this instead.
 */
export interface BrowserGlobals {
  localStorage: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    clear(): void;
  };
  __e2eCredential?: string;
}

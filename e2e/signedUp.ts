import type { ApiClient } from '@commonwork/contracts';
import type { Browser, Page } from '@playwright/test';
import { apiAt, type BrowserGlobals, buildPerson, type Person, signUpWithDevIssuer } from './helpers.ts';

/** A signed-up person in a browser context of their own (their own storage, their own socket). */
export async function signUpInNewContext(browser: Browser, prefix: string): Promise<{ page: Page; person: Person }> {
  const page = await (await browser.newContext()).newPage();
  const person = buildPerson(prefix);
  await signUpWithDevIssuer(page, person);
  return { page, person };
}

/** The signed-in person's API (the token the page holds), for setting data up. */
export async function apiOf(page: Page, baseURL: string | undefined): Promise<ApiClient> {
  const token = await page.evaluate(() => {
    const stored = (globalThis as unknown as BrowserGlobals).localStorage.getItem('user');
    return (JSON.parse(stored ?? '{}') as { token?: string }).token ?? '';
  });
  return apiAt(baseURL, token);
}

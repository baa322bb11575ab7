import { type ApiClient, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import type { Browser, Page } from '@playwright/test';
import { apiAt, type BrowserGlobals, buildPerson, type Person, signUpWithDevIssuer } from './helpers.ts';

/** A signed-up person in a browser context of their own (their own storage, their own socket). */
export async function signUpInNewContext(browser: Browser, prefix: string): Promise<{ page: Page; person: Person }> {
  const page = await (await browser.newContext()).newPage();
  const person = buildPerson(prefix);
  await signUpWithDevIssuer(page, person);
  return { page, person };
}

/** The signed-in person's id and token, as the page holds them. */
export async function sessionOf(page: Page): Promise<{ id: string; token: string }> {
  const stored = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('user'));
  const { id, token } = JSON.parse(stored ?? '{}') as { id?: string; token?: string };
  return { id: id ?? '', token: token ?? '' };
}

/** The signed-in person's API, for setting data up. */
export async function apiOf(page: Page, baseURL: string | undefined): Promise<ApiClient> {
  return apiAt(baseURL, (await sessionOf(page)).token);
}

/**
 * A gig of the first person's (`seller`) and the second's (`buyer`) conversation with them about it,
 * made through the API (the community e2e walks the gig page): the conversation's id.
 */
export async function chatAboutGig(seller: Page, buyer: Page, baseURL: string | undefined, title: string): Promise<string> {
  const gig = await (await apiOf(seller, baseURL)).send(marketplaceRoutes.createGig, {
    body: { title, description: 'A gig to talk about.', category: 'design', subCategory: 'logo', price: 50, status: 'active' },
  });
  const chat = await (await apiOf(buyer, baseURL)).call(messagingRoutes.createChat, {
    body: { recipientId: (await sessionOf(seller)).id, gigId: gig.at(201).gig.id },
  });
  return chat.data.id;
}

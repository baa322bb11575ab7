import { randomUUID } from 'node:crypto';
import { marketplaceRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, signUpWithDevIssuer } from './helpers.ts';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

type AlertGlobals = { __alerts: { title: string; body?: string }[] };
/** The browser's notifications as the page would show them, with permission given: recorded, not shown. */
function recordBrowserAlerts(page: Page) {
  return page.addInitScript(() => {
    const alerts: { title: string; body?: string }[] = [];
    (globalThis as unknown as AlertGlobals).__alerts = alerts;
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options?: { body?: string }) {
        alerts.push({ title, body: options?.body });
      }
      close() {}
    }
    Object.defineProperty(globalThis, 'Notification', { value: RecordedNotification, configurable: true });
  });
}

test("a buyer's interest reaches the freelancer's badge without a reload, and Start Chat opens their conversation", async ({
  page,
  browser,
  baseURL,
}) => {
  await recordBrowserAlerts(page);
  await signUpWithDevIssuer(page, buildPerson('seller'));
  const token = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('token'));
  const title = `Brand identity (${randomUUID().slice(0, 8)})`;
  const created = await apiAt(baseURL, token).call(marketplaceRoutes.createGig, {
    body: {
      title,
      description: 'Logo, colours and type for a new studio.',
      category: 'design',
      subCategory: 'logo',
      price: 300,
      status: 'active',
    },
  });
  const gigId = created.gig.id;
  await expect(page.getByRole('link', { name: /Notifications/ })).not.toContainText('unread');

  const buyer = await browser.newContext();
  const buyerPerson = buildPerson('buyer');
  try {
    const buyerPage = await buyer.newPage();
    await signUpWithDevIssuer(buyerPage, buyerPerson);
    await buyerPage.goto(`/marketplace/${gigId}`);
    await buyerPage.getByRole('button', { name: 'Send Interest' }).click();
    await expect(toast(buyerPage, 'Interest notification sent to freelancer')).toBeVisible();
  } finally {
    await buyer.close();
  }
  // Over the socket: the browser alert (which only the push can raise) and the badge, with no reload.
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as AlertGlobals).__alerts.map((a) => a.title)))
    .toEqual(['New Interest in Your Gig!']);
  const badge = page.getByRole('link', { name: /Notifications\s*1 unread/ });
  await expect(badge).toBeVisible();

  // The list has it under All and Unread; Start Chat reads it and opens the conversation about the gig.
  await badge.click();
  await expect(page.getByRole('tab', { name: 'Unread (1)' })).toBeVisible();
  const item = page.getByRole('article', { name: 'New Interest in Your Gig!' });
  await expect(item).toBeVisible();
  // Who is interested, by name, and in which gig, as a link to it.
  await expect(item.getByText(`From ${buyerPerson.name}`)).toBeVisible();
  await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/marketplace/${gigId}`);
  await item.getByRole('button', { name: 'Start Chat' }).click();
  await expect(page).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: /Notifications/ })).not.toContainText('unread');
});

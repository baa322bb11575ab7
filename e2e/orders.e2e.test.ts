import { randomUUID } from 'node:crypto';
import { marketplaceRoutes, ORDER_MESSAGES, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

// Two people signed up through the browser, uploads and a dozen live round trips: more than the default minute.
test.describe.configure({ timeout: 240_000 });

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
});
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const timeline = (page: Page) => page.getByRole('list', { name: 'Timeline' });
const step = (page: Page, text: string) => timeline(page).getByRole('listitem').filter({ hasText: text });
const actions = (page: Page) => page.getByRole('region', { name: 'What you can do' });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
/** The order's heading section: its status and the gig's title. */
const header = (page: Page, title: string) => page.getByRole('region', { name: title });

/** Sends a step's dialog: its text, its files, then its own submit button. */
async function sendDialog(page: Page, title: string, text: string, submit: string, files: string[] = []) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill(text);
  if (files.length > 0) {
    await dialog.getByLabel('Files to attach').setInputFiles(files.map(pdf));
    await expect(dialog.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(files.length);
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  }
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('B orders A’s gig; A accepts and delivers, B asks a revision, A delivers again, B completes: both pages follow every step live', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const a = await signUpInNewContext(browser, 'ord-a');
  const b = await signUpInNewContext(browser, 'ord-b');
  const title = `Landing page in a week (${tag})`;
  const created = await (await apiOf(a.page, baseURL)).send(marketplaceRoutes.createGig, {
    body: {
      title,
      description: 'A landing page, designed and built.',
      category: 'web',
      subCategory: 'frontend',
      price: 120,
      deliveryTime: '7',
      status: 'active',
    },
  });
  expect(created.status).toBe(201);
  const gigId = created.at(201).gig.id;

  // A, on their own gig: no Order Now (spec 001: the owner gets Edit and Delete), the note says why.
  await a.page.goto(`/marketplace/${gigId}`);
  await expect(a.page.getByText('This is your gig.')).toBeVisible();
  await expect(a.page.getByRole('link', { name: 'Order Now' })).toHaveCount(0);

  // B opens the order form from the gig: the summary, the payment sentence, the requirements' rule.
  await b.page.goto(`/marketplace/${gigId}`);
  await b.page.getByRole('link', { name: 'Order Now' }).click();
  await expect(b.page).toHaveURL(`/orders/new?gig=${gigId}`);
  await expect(b.page.getByRole('heading', { level: 1, name: 'Order this gig' })).toBeVisible();
  const orderSummary = b.page.getByRole('complementary', { name: 'Summary' });
  await expect(orderSummary).toContainText(title);
  await expect(orderSummary).toContainText('$120');
  await expect(orderSummary).toContainText('1 week');
  await expect(orderSummary).toContainText(ORDER_MESSAGES.payment);
  await b.page.getByRole('button', { name: 'Place order' }).click();
  await expect(b.page.getByText(ORDER_MESSAGES.requirementsRequired)).toBeVisible();
  await b.page.getByLabel('What do you need?').fill(`A landing page for our launch (${tag}); the copy is attached.`);
  await expect(b.page.getByText('/ 5000')).toBeVisible();
  await b.page.getByLabel('Files to attach').setInputFiles([pdf('brief.pdf')]);
  await expect(b.page.getByRole('progressbar')).toHaveCount(0);
  // Two clicks, one order: the form's id makes a second one the same.
  await b.page.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(b.page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderPath = new URL(b.page.url()).pathname;
  await expect(toast(b.page, 'Order placed: the seller has been told')).toBeVisible();
  await expect(header(b.page, title)).toContainText('Pending');
  await expect(step(b.page, `${b.person.name} placed the order`)).toBeVisible();
  await expect(b.page.getByRole('link', { name: /^Download brief\.pdf/ })).toBeVisible();
  await expect(actions(b.page).getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(actions(b.page).getByRole('button', { name: 'Accept order' })).toHaveCount(0);
  await expect(actions(b.page)).toContainText(ORDER_MESSAGES.payment);

  // A finds it once under Selling (one order, for both clicks), and opens it.
  await a.page.goto('/orders?role=seller');
  await expect(a.page.getByRole('tab', { name: 'Selling' })).toHaveAttribute('aria-selected', 'true');
  const row = a.page.getByRole('list', { name: 'Orders' }).getByRole('article', { name: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Buyer: ${b.person.name}`);
  await expect(row).toContainText('$120');
  await row.getByRole('link', { name: title }).click();
  await expect(a.page).toHaveURL(orderPath);

  // A accepts: B's page shows it without a reload, with the due date counting down.
  await actions(a.page).getByRole('button', { name: 'Accept order' }).click();
  await expect(header(a.page, title)).toContainText('In progress');
  await expect(step(b.page, `${a.person.name} accepted the order`)).toBeVisible();
  await expect(header(b.page, title)).toContainText('In progress');
  await expect(summary(b.page)).toContainText(/Due in 6 days 23 hours|Due in 7 days/);

  // A delivers with a message and a file; B sees it live, with the auto-completion's countdown.
  await actions(a.page).getByRole('button', { name: 'Deliver' }).click();
  await sendDialog(a.page, 'Deliver the order', 'The first version, live on the staging site.', 'Deliver', ['landing-v1.pdf']);
  await expect(toast(a.page, 'Delivery sent')).toBeVisible();
  await expect(step(b.page, `${a.person.name} delivered the order`)).toContainText('The first version, live on the staging site.');
  await expect(b.page.getByRole('link', { name: /^Download landing-v1\.pdf/ })).toBeVisible();
  await expect(summary(b.page)).toContainText(/Completes by itself in 2 days 23 hours|Completes by itself in 3 days/);
  await expect(summary(b.page)).toContainText('2 of 2 left');

  // B asks for a revision with a reason; A sees it live.
  await actions(b.page).getByRole('button', { name: 'Ask for a revision' }).click();
  await sendDialog(b.page, 'Ask for a revision', 'Please make the header green.', 'Ask for a revision');
  await expect(summary(b.page)).toContainText('1 of 2 left');
  await expect(step(a.page, `${b.person.name} asked for a revision`)).toContainText('Please make the header green.');
  await expect(header(a.page, title)).toContainText('In progress');

  // A delivers again; B accepts the delivery, and both pages say it is completed.
  await actions(a.page).getByRole('button', { name: 'Deliver' }).click();
  await sendDialog(a.page, 'Deliver the order', 'Green header, as asked.', 'Deliver');
  await expect(step(b.page, `${a.person.name} delivered the order`)).toHaveCount(2);
  await actions(b.page).getByRole('button', { name: 'Accept delivery' }).click();
  const confirm = b.page.getByRole('dialog', { name: 'Accept the delivery?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(header(b.page, title)).toContainText('Completed');
  await expect(step(a.page, `${b.person.name} completed the order`)).toBeVisible();
  await expect(header(a.page, title)).toContainText('Completed');
  await expect(actions(a.page).getByRole('button', { name: 'Deliver' })).toHaveCount(0);

  // The review and the figures (issue 30, items 4 and 6) go on from here: B reviews the completed
  // order, A answers; the gig card, the gig page, A's profile and dashboard show the rating, the
  // orders and the earnings without a reload.

  // Buying and Selling from the navigation, the completed order under its status.
  await b.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
  await expect(b.page.getByRole('tab', { name: 'Buying' })).toHaveAttribute('aria-selected', 'true');
  await b.page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await expect(b.page).toHaveURL(/\/orders\?status=completed$/);
  await expect(b.page.getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
  await expect(b.page.getByRole('article', { name: title })).toContainText(`Seller: ${a.person.name}`);
  await b.page.getByRole('tab', { name: 'Selling' }).click();
  await expect(b.page).toHaveURL(/\/orders\?role=seller$/);
  await expect(b.page.getByText('Nobody has ordered your gigs yet')).toBeVisible();

  // Screenshots to look at: the order's page and the list, 1280 and 390 px, light and dark.
  for (const theme of ['light', 'dark'] as const) {
    await b.page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
      STORAGE_KEYS.theme,
      theme,
    ] as const);
    for (const width of [1280, 390]) {
      await b.page.setViewportSize({ width, height: 900 });
      await b.page.goto(orderPath);
      await expect(step(b.page, 'completed the order')).toBeVisible();
      await b.page.screenshot({ path: test.info().outputPath(`order-${width}-${theme}.png`), fullPage: true });
      await b.page.goto('/orders');
      await expect(b.page.getByRole('article', { name: title })).toBeVisible();
      await b.page.screenshot({ path: test.info().outputPath(`orders-${width}-${theme}.png`), fullPage: true });
    }
  }
});

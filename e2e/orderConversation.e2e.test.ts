import { randomUUID } from 'node:crypto';
import { marketplaceRoutes, ordersRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

// Two people signed up through the browser, and screenshots in both themes at two widths.
test.describe.configure({ timeout: 180_000 });

test("an order's steps: lines in the two people's conversation, and notifications to the other side, each with the way to the order", async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const a = await signUpInNewContext(browser, 'thr-a');
  const b = await signUpInNewContext(browser, 'thr-b');
  const title = `Logo design (${tag})`;
  const sellerApi = await apiOf(a.page, baseURL);
  const buyerApi = await apiOf(b.page, baseURL);
  const gig = await sellerApi.send(marketplaceRoutes.createGig, {
    body: {
      title,
      description: 'A logo designed from your brief: three ideas, two rounds of changes and every file you need.',
      category: 'web',
      subCategory: 'frontend',
      price: 80,
      deliveryTime: '3',
      status: 'active',
    },
  });
  expect(gig.status).toBe(201);
  const gigId = gig.at(201).gig.id;

  // B orders (once the gig has reached orders), A accepts and delivers.
  let orderId = '';
  await expect(async () => {
    const placed = await buyerApi.send(ordersRoutes.create, { body: { gigId, requirements: 'Green and round, please.' } });
    expect(placed.status).toBe(201);
    orderId = placed.at(201).order.id;
  }).toPass({ timeout: 30_000 });
  expect((await sellerApi.send(ordersRoutes.accept, { params: { id: orderId }, body: {} })).status).toBe(200);
  expect((await sellerApi.send(ordersRoutes.deliver, { params: { id: orderId }, body: { message: 'Three ideas attached.' } })).status).toBe(
    200,
  );

  // A's inbox: the conversation the order opened, its steps as lines apart from messages, each linking the order.
  const openConversation = async () => {
    await a.page.goto('/inbox');
    await a.page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(b.person.name) })
      .click();
  };
  await openConversation();
  const history = a.page.getByRole('list', { name: 'Messages' });
  await expect(history.getByText(`${b.person.name} ordered "${title}".`)).toBeVisible();
  await expect(history.getByText(`${a.person.name} accepted the order.`)).toBeVisible();
  await expect(history.getByText(`${a.person.name} delivered the order: Three ideas attached.`)).toBeVisible();
  const delivered = history.locator('li[data-system-line="delivered"]');
  // A line is nobody's message: no actions on it.
  await delivered.hover();
  await expect(delivered.getByRole('button')).toHaveCount(0);
  const conversation = a.page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('textbox', { name: 'Message' }).fill('Tell me which one you like.');
  await conversation.getByRole('button', { name: 'Send message' }).click();
  await expect(history.getByText('Tell me which one you like.')).toBeVisible();

  // B's notifications: the acceptance and the delivery, from A, with the way to the order.
  await b.page.goto('/notifications');
  const note = b.page.getByRole('article').filter({ hasText: `Order delivered: ${title}` });
  await expect(note).toBeVisible();
  await expect(note.getByText(`${a.person.name} delivered the order "${title}".`)).toBeVisible();
  await expect(b.page.getByRole('article').filter({ hasText: `Order accepted: ${title}` })).toBeVisible();

  // Screenshots to look at: the conversation (A) and the notifications (B), 1280 and 390 px, light and dark.
  for (const theme of ['light', 'dark'] as const) {
    for (const { page } of [a, b])
      await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
        STORAGE_KEYS.theme,
        theme,
      ] as const);
    for (const width of [1280, 390]) {
      await b.page.setViewportSize({ width, height: 900 });
      await b.page.goto('/notifications');
      await expect(note).toBeVisible();
      await b.page.screenshot({ path: test.info().outputPath(`order-notifications-${width}-${theme}.png`) });
      await a.page.setViewportSize({ width, height: 900 });
      await openConversation();
      await expect(delivered).toBeVisible();
      await a.page.screenshot({ path: test.info().outputPath(`order-lines-${width}-${theme}.png`) });
    }
  }

  // Each leads to the order.
  await delivered.getByRole('link', { name: 'View order' }).click();
  await expect(a.page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await note.getByRole('link', { name: 'View order' }).click();
  await expect(b.page).toHaveURL(new RegExp(`/orders/${orderId}$`));
});

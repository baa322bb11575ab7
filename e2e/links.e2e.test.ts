import { randomUUID } from 'node:crypto';
import { type ApiClient, eventsRoutes, marketplaceRoutes, messagingRoutes, notificationsRoutes } from '@commonwork/contracts';
import { type Browser, expect, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, signUpWithDevIssuer } from './helpers.ts';

/** A new person signed up in a browser of their own, with the API as them. */
async function newPerson(browser: Browser, baseURL: string | undefined, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = buildPerson(prefix);
  await signUpWithDevIssuer(page, person);
  const [token, user] = await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as BrowserGlobals;
    return [localStorage.getItem('token'), localStorage.getItem('user')];
  });
  const { id } = JSON.parse(user ?? '{}') as { id: string };
  return { page, person, context, id, api: apiAt(baseURL, token) };
}

/** Publishes a gig through the API and returns its id and title. */
async function publishGig(api: ApiClient) {
  const title = `Brand identity for studios (${randomUUID().slice(0, 8)})`;
  const created = await api.send(marketplaceRoutes.createGig, {
    body: {
      title,
      description: 'Logo, colours and type for a new studio.',
      category: 'design',
      subCategory: 'logo',
      price: 300,
      status: 'active',
    },
  });
  expect(created.status).toBe(201);
  return { id: created.at(201).gig.id, title };
}

test("a gig card's title opens the gig; the owner of a gig gets Edit and Delete, not Order, Contact or Send Interest", async ({
  browser,
  baseURL,
}) => {
  const seller = await newPerson(browser, baseURL, 'owner');
  try {
    const gig = await publishGig(seller.api);
    const { page } = seller;
    await page.goto('/marketplace');
    await page.getByRole('combobox', { name: 'Search gigs' }).fill(gig.title);
    const card = page.getByRole('article', { name: gig.title });
    await card.getByRole('link', { name: gig.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/marketplace/${gig.id}$`));

    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    const pricing = page.getByRole('complementary', { name: 'Order this gig' });
    await expect(pricing.getByText('This is your gig.')).toBeVisible();
    for (const name of ['Order Now', 'Contact Freelancer', 'Send Interest'])
      await expect(page.getByRole('button', { name })).toHaveCount(0);

    // The server refuses both on its own, with a reason a person can read.
    const interest = await seller.api.send(notificationsRoutes.gigInterest, { body: { gigId: gig.id } });
    expect(interest.status).toBe(400);
    expect(interest.body).toMatchObject({ message: 'You cannot send interest in your own gig' });
    const chat = await seller.api.send(messagingRoutes.createChat, { body: { recipientId: seller.id, gigId: gig.id } });
    expect(chat.status).toBe(400);
    expect(chat.body).toMatchObject({ message: 'You cannot contact yourself' });
  } finally {
    await seller.context.close();
  }
});

test("'Open the event channel' opens /community with that event's channel selected", async ({ browser, baseURL }) => {
  const guest = await newPerson(browser, baseURL, 'guest');
  try {
    const { page } = guest;
    const { events } = (await guest.api.call(eventsRoutes.listEvents, { query: { limit: 50 } })).data;
    const event = events.find((e) => e.price === 0 && (e.maxAttendees === null || e.attendeeCount < e.maxAttendees));
    if (!event) throw new Error('the demo data has no free event with seats left');
    await page.goto(`/events/${event.id}`);
    await page.getByRole('button', { name: 'Register for Event' }).click();
    const open = page.getByRole('link', { name: 'Open the event channel' });
    // The channel is the messaging service's answer to the registration: it may take a moment.
    await expect(async () => {
      await page.reload();
      await expect(open).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await open.click();
    await expect(page).toHaveURL(/\/community\?channel=[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('heading', { level: 2 })).toHaveText(event.title);
    // The address names the channel: a reload keeps it open.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('heading', { level: 2 })).toHaveText(event.title);
  } finally {
    await guest.context.close();
  }
});

test('the sidebar counts unread conversation messages live, and reading them clears the count', async ({ browser, baseURL }) => {
  const seller = await newPerson(browser, baseURL, 'inbox-seller');
  const buyer = await newPerson(browser, baseURL, 'inbox-buyer');
  try {
    const gig = await publishGig(seller.api);
    const inbox = seller.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: /^Inbox/ });
    await expect(inbox).not.toContainText('unread');

    // The gig reaches messaging through the marketplace's events: until then the chat's gig is not found.
    let chatId = '';
    await expect
      .poll(async () => {
        const chat = await buyer.api.send(messagingRoutes.createChat, { body: { recipientId: seller.id, gigId: gig.id } });
        if (chat.status === 201) chatId = chat.at(201).data.id;
        return chat.status;
      })
      .toBe(201);
    for (const content of ['Hello!', 'Is next week possible?'])
      await buyer.api.send(messagingRoutes.postChatMessage, { params: { chatId }, body: { content } });

    // No reload: the socket's message reads the totals again.
    await expect(inbox).toContainText('2 unread');
    await inbox.click();
    await seller.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').first().click();
    await expect(seller.page.getByRole('region', { name: 'Conversation' }).getByText('Is next week possible?')).toBeVisible();
    await expect(inbox).not.toContainText('unread');
  } finally {
    await seller.context.close();
    await buyer.context.close();
  }
});

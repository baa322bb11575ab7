import { randomUUID } from 'node:crypto';
import { messagingRoutes, pathOf } from '@commonwork/contracts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, type Person, signUpWithDevIssuer } from './helpers.ts';

/** react-hot-toast announces each toast in a status region. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** A signed-up person in a browser context of their own (their own storage, their own socket). */
async function signUpInNewContext(browser: Browser, prefix: string): Promise<{ page: Page; person: Person }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = buildPerson(prefix);
  await signUpWithDevIssuer(page, person);
  return { page, person };
}

// Two people, each signed up through the browser, and many round trips: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

const channelButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const composer = (page: Page, channel: string) => page.getByRole('textbox', { name: `Message #${channel}` });

async function createChannel(page: Page, name: string, description: string) {
  await page.getByRole('button', { name: 'Create channel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Channel' });
  await dialog.getByLabel('Channel Name').fill(name);
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create Channel' }).click();
  await expect(toast(page, 'Channel created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: name })).toBeVisible();
}

async function generateJoinLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Channel settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Channel Settings' });
  await settings.getByRole('button', { name: 'Generate Link' }).click();
  await expect(toast(page, 'Join link generated successfully!')).toBeVisible();
  const field = settings.getByRole('textbox', { name: 'Join link' });
  await expect(field).toHaveValue(/\/join\/channel\/[\w-]+$/);
  const link = await field.inputValue();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  return link;
}

test('two people talk live in a channel joined by link, with unread counts', async ({ browser }) => {
  const tag = randomUUID().slice(0, 6);
  const lounge = `lounge-${tag}`;
  const builds = `builds-${tag}`;
  const a = await signUpInNewContext(browser, 'chan-a');
  const b = await signUpInNewContext(browser, 'chan-b');

  // A creates two channels; an empty name is refused in the dialog.
  await a.page.goto('/community');
  await a.page.getByRole('button', { name: 'Create channel', exact: true }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Create Channel' });
  await dialog.getByLabel('Channel Name').fill('   ');
  await dialog.getByRole('button', { name: 'Create Channel' }).click();
  await expect(dialog.getByText('Channel name is required')).toBeVisible();
  await a.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await createChannel(a.page, builds, 'Release talk');
  const buildsLink = await generateJoinLink(a.page);
  await createChannel(a.page, lounge, 'Anything goes');
  const loungeLink = await generateJoinLink(a.page);

  // B joins both by link; the second one opens the community on that channel.
  await b.page.goto(new URL(buildsLink).pathname);
  await expect(b.page.getByRole('heading', { name: `Successfully joined #${builds}!` })).toBeVisible();
  await expect(b.page).toHaveURL(/\/community$/);
  await b.page.goto(new URL(loungeLink).pathname);
  await expect(toast(b.page, `Successfully joined #${lounge}!`)).toBeVisible();
  await expect(b.page).toHaveURL(/\/community$/);
  await expect(b.page.getByRole('heading', { level: 2, name: lounge })).toBeVisible();

  // B is not an admin of A's channel.
  await b.page.getByRole('button', { name: 'Channel settings' }).click();
  const bSettings = b.page.getByRole('dialog', { name: 'Channel Settings' });
  await expect(bSettings.getByText('Admin Only')).toBeVisible();
  await expect(bSettings.getByText('Only channel admins can generate join links')).toBeVisible();
  await b.page.keyboard.press('Escape');

  // A sends; B sees it without reloading, and the other way round.
  await a.page.reload();
  await channelButton(a.page, lounge).click();
  await expect(a.page.getByRole('heading', { level: 2, name: lounge })).toBeVisible();
  const aBox = composer(a.page, lounge);
  await expect(a.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await aBox.fill(`Hello from A ${tag}`);
  await aBox.press('Enter');
  await expect(aBox).toHaveValue('');
  await expect(messages(a.page).getByText(`Hello from A ${tag}`)).toHaveCount(1);
  await expect(messages(b.page).getByText(`Hello from A ${tag}`)).toBeVisible();

  const bBox = composer(b.page, lounge);
  await bBox.fill(`Line one ${tag}`);
  await bBox.press('Shift+Enter');
  await bBox.pressSequentially('line two');
  await b.page.getByRole('button', { name: 'Send message' }).click();
  await expect(messages(a.page).getByText(`Line one ${tag}`)).toBeVisible();
  await expect(messages(a.page).getByText(`Line one ${tag}`)).toContainText('line two');
  await expect(messages(b.page).getByText(`Line one ${tag}`)).toHaveCount(1);

  // Members panel (a column from 1536 px, opened from the header below): both online in the open channel.
  for (const page of [a.page, b.page]) await page.getByRole('button', { name: 'Members', exact: true }).click();
  const members = b.page.getByRole('complementary', { name: 'Channel members' });
  await expect(members.getByRole('region', { name: 'Online members' })).toContainText(a.person.name);

  // B drops off the network: A sees B go offline and posts twice; B reconnects and has both, once each, in order.
  await b.page.context().setOffline(true);
  await expect(a.page.getByRole('region', { name: 'Offline members' })).toContainText(b.person.name);
  for (const text of [`Missed one ${tag}`, `Missed two ${tag}`]) {
    await aBox.fill(text);
    await aBox.press('Enter');
    await expect(messages(a.page).getByText(text)).toBeVisible();
  }
  // Sending while offline: the socket is down and the REST fallback fails, so the temporary message goes.
  await bBox.fill(`Lost ${tag}`);
  await bBox.press('Enter');
  await expect(toast(b.page, 'Failed to send message')).toBeVisible();
  await expect(messages(b.page).getByText(`Lost ${tag}`)).toHaveCount(0);
  await b.page.context().setOffline(false);
  await expect(messages(b.page).getByRole('listitem').last()).toContainText(`Missed two ${tag}`);
  await expect(messages(b.page).getByRole('listitem').nth(-2)).toContainText(`Missed one ${tag}`);
  await expect(messages(b.page).getByText(`Missed one ${tag}`)).toHaveCount(1);
  await expect(a.page.getByRole('region', { name: 'Online members' })).toContainText(b.person.name);
  for (const page of [a.page, b.page]) await page.getByRole('button', { name: 'Close members' }).click();

  // A posts in the other channel: B's list shows an unread count there, and opening it clears it.
  await channelButton(a.page, builds).click();
  await composer(a.page, builds).fill(`Build is green ${tag}`);
  await composer(a.page, builds).press('Enter');
  await expect(channelButton(b.page, builds)).toContainText('1 unread');
  await channelButton(b.page, builds).click();
  await expect(messages(b.page).getByText(`Build is green ${tag}`)).toBeVisible();
  await expect(channelButton(b.page, builds)).not.toContainText('unread');
  await channelButton(b.page, lounge).click();
  await expect(channelButton(b.page, builds)).not.toContainText('unread');
});

test('reads a channel back past its newest 50 messages without losing the place', async ({ browser, baseURL }) => {
  const tag = randomUUID().slice(0, 6);
  const name = `history-${tag}`;
  const { page } = await signUpInNewContext(browser, 'hist');
  await page.goto('/community');
  await createChannel(page, name, 'Old talk');

  // 55 messages through the REST API, as the signed-in person: the pane loads the newest 50.
  const token = await page.evaluate(() => {
    const stored = (globalThis as unknown as BrowserGlobals).localStorage.getItem('user');
    return (JSON.parse(stored ?? '{}') as { token?: string }).token ?? '';
  });
  const api = apiAt(baseURL, token);
  const channel = (await api.call(messagingRoutes.listChannels)).data.find((c) => c.name === name);
  if (!channel) throw new Error(`no channel ${name}`);
  for (let i = 1; i <= 55; i++) {
    const posted = await api.send(messagingRoutes.postChannelMessage, { params: { id: channel.id }, body: { content: `Old ${i} ${tag}` } });
    expect(posted.status).toBe(201);
  }

  await page.reload();
  await channelButton(page, name).click();
  const list = messages(page);
  await expect(list.getByText(`Old 55 ${tag}`, { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(50);
  await expect(list.getByText(`Old 1 ${tag}`, { exact: true })).toHaveCount(0);

  // A failed load says so inline and offers Try Again on the same, still focused, button.
  const olderPage = `**${pathOf(messagingRoutes.channelMessages.url, { id: '*' })}?before=*`;
  await page.route(olderPage, (route) => route.fulfill({ status: 500, json: { success: false, message: 'Down', error: 'INTERNAL' } }));
  await page.getByRole('button', { name: 'Load older messages' }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load messages' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeFocused();
  await page.unroute(olderPage);
  await page.getByRole('button', { name: 'Try Again' }).press('Enter');
  await expect(list.getByText(`Old 1 ${tag}`, { exact: true })).toHaveCount(1);

  // Again from the newest 50: what the reader sees stays where it was while older messages go in above it.
  await page.reload();
  await channelButton(page, name).click();
  await expect(list.getByRole('listitem')).toHaveCount(50);
  const older = page.getByRole('button', { name: 'Load older messages' });
  const wasFirst = list.getByText(`Old 7 ${tag}`, { exact: true });
  await older.scrollIntoViewIfNeeded();
  const before = await wasFirst.boundingBox();
  await older.press('Enter');
  await expect(list.getByText(`Old 1 ${tag}`, { exact: true })).toHaveCount(1);
  await expect(list.getByRole('listitem')).toHaveCount(55);
  expect(Math.abs(((await wasFirst.boundingBox())?.y ?? 0) - (before?.y ?? Number.NaN))).toBeLessThan(2);
  // Sequences start at 1: at the start of the channel there is nothing older to offer.
  await expect(older).toHaveCount(0);
});

test('a buyer contacts a freelancer about a gig and both talk live in the inbox', async ({ browser }) => {
  const title = `I will review your TypeScript (${randomUUID().slice(0, 8)})`;
  const freelancer = await signUpInNewContext(browser, 'inbox-a');
  const buyer = await signUpInNewContext(browser, 'inbox-b');

  // A starts with an empty inbox that points to the marketplace.
  await freelancer.page.goto('/inbox');
  await expect(freelancer.page.getByText('No conversations yet')).toBeVisible();
  await expect(freelancer.page.getByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute('href', '/marketplace');

  // A publishes a gig.
  await freelancer.page.goto('/marketplace/create');
  await freelancer.page.getByLabel('Gig Title').fill(title);
  await freelancer.page
    .getByLabel('Description', { exact: true })
    .fill('A careful review of your TypeScript code base with concrete, prioritised suggestions.');
  await freelancer.page.getByLabel('Category', { exact: true }).selectOption('web');
  await freelancer.page.getByLabel('Sub-category', { exact: true }).selectOption('frontend');
  await freelancer.page.getByLabel('Price (USD)').fill('80');
  await freelancer.page.getByRole('button', { name: 'Publish Gig' }).click();
  await expect(freelancer.page).toHaveURL(/\/marketplace\/[0-9a-f-]{36}$/);
  const gigPath = new URL(freelancer.page.url()).pathname;

  // B contacts the freelancer from the gig page and lands in the conversation.
  await buyer.page.goto(gigPath);
  await buyer.page.getByRole('button', { name: 'Contact Freelancer' }).click();
  await expect(toast(buyer.page, `Chat started with ${freelancer.person.name}!`)).toBeVisible();
  await expect(buyer.page).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
  const conversation = buyer.page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('heading', { name: freelancer.person.name })).toBeVisible();
  await expect(conversation.getByText(`About: ${title}`)).toBeVisible();

  const box = conversation.getByRole('textbox', { name: 'Message' });
  await expect(conversation.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await box.fill('Hi! Could you review a 5k-line repo this week?');
  await box.press('Enter');
  await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('Could you review a 5k-line repo');
  await expect(buyer.page.getByRole('navigation', { name: 'Conversations' })).toContainText('You: Hi! Could you review');

  // A sees the conversation in the inbox with its gig, unread, and the message live once open.
  await freelancer.page.goto('/inbox');
  const aList = freelancer.page.getByRole('navigation', { name: 'Conversations' });
  const row = aList.getByRole('link', { name: new RegExp(buyer.person.name) });
  await expect(row).toContainText(`About: ${title}`);
  await expect(row).toContainText('Hi! Could you review');
  await expect(row).toContainText('1 unread');
  await expect(row).toContainText('Just now');
  await expect(freelancer.page.getByText('Page 1 of 1')).toBeVisible();
  await expect(freelancer.page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Search by gig title and by name; a miss says so.
  const search = freelancer.page.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('no such person');
  await expect(aList.getByText('No conversations match your search.')).toBeVisible();
  await search.fill(buyer.person.name.toUpperCase());
  await expect(row).toBeVisible();
  await search.fill('');

  await row.click();
  const aConversation = freelancer.page.getByRole('region', { name: 'Conversation' });
  await expect(aConversation.getByText('Hi! Could you review a 5k-line repo this week?')).toBeVisible();
  await expect(row).not.toContainText('unread');

  await aConversation.getByRole('textbox', { name: 'Message' }).fill('Yes, send me the link.');
  await aConversation.getByRole('button', { name: 'Send message' }).click();
  await expect(conversation.getByText('Yes, send me the link.')).toBeVisible();
  await expect(buyer.page.getByRole('navigation', { name: 'Conversations' })).toContainText('Yes, send me the link.');

  // B answers while A is on the list page only: A's list shows it live, unread.
  await freelancer.page.goto('/inbox');
  await buyer.page.getByRole('region', { name: 'Conversation' }).getByRole('textbox', { name: 'Message' }).fill('Sent it, thanks!');
  await buyer.page.keyboard.press('Enter');
  // Live delivery crosses messaging, the outbox, the bus and the realtime tier: give a busy CI machine time.
  await expect(row).toContainText('Sent it, thanks!', { timeout: 30_000 });
  await expect(row).toContainText('1 unread');
});

test('a broken join link says so in a sentence, with a way to try again', async ({ browser }) => {
  const { page } = await signUpInNewContext(browser, 'badlink');
  await page.goto('/join/channel/badlink');
  await expect(page.getByText('This join link is invalid or has been revoked').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(page.getByText(/expected string|Too small/)).toHaveCount(0);
});

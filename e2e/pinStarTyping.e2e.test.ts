import { randomUUID } from 'node:crypto';
import { messagingRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';
import { apiOf, chatAboutGig, signUpInNewContext } from './signedUp.ts';

// Two people, two tabs and live round trips: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const channelList = (page: Page) => page.getByRole('navigation', { name: 'Channels' });
const section = (page: Page, name: 'Pinned' | 'All Channels') => channelList(page).getByRole('region', { name, exact: true });
const listed = (page: Page, name: string) => channelList(page).getByRole('button', { name, exact: true });
const headerButton = (page: Page, name: 'Pin channel' | 'Star channel') => page.getByRole('button', { name, exact: true });
const starredFilter = (page: Page) => page.getByRole('button', { name: 'Starred', exact: true });
// By its label: a text box, or a combobox while @-mention suggestions are on.
const typingLine = (page: Page) => page.getByText(/typing…$/);
const composer = (page: Page, channel: string) => page.getByLabel(`Message #${channel}`, { exact: true });

async function openChannel(page: Page, name: string) {
  await page.goto('/community');
  await listed(page, name).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
    STORAGE_KEYS.theme,
    theme,
  ] as const);
}

const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });

/**
 * Typing is relayed, never stored: a `typing` that arrives while the other page's socket is still
 * connecting (or joining the channel's room) is lost. So before anyone types, each page must be
 * live: its messages are loaded (the caller waits for that), and a message the other person posts
 * now reaches it, which only its socket brings (or the catch-up once its socket has joined).
 */
async function bothLive(
  people: readonly [{ page: Page }, { page: Page }],
  post: (from: Page, content: string) => Promise<number>,
  tag: string,
) {
  const [a, b] = people;
  for (const [from, to, content] of [
    [a.page, b.page, `Hello from A (${tag})`],
    [b.page, a.page, `Hello from B (${tag})`],
  ] as const) {
    expect(await post(from, content)).toBe(201);
    await expect(messageList(to).getByText(content)).toBeVisible({ timeout: 30_000 });
  }
}

test('Pin puts a channel in the Pinned section and Star in the Starred filter, on every tab, after a reload too', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const [pinned, plain] = [`pinned-${tag}`, `plain-${tag}`];
  const a = await signUpInNewContext(browser, 'pin-a');
  const api = await apiOf(a.page, baseURL);
  for (const name of [plain, pinned]) {
    expect((await api.send(messagingRoutes.createChannel, { body: { name, type: 'public', category: 'general' } })).status).toBe(201);
  }
  // The same person's second tab, open on the community screen all along.
  const otherTab = await a.page.context().newPage();
  await otherTab.goto('/community');
  await expect(section(otherTab, 'All Channels').getByRole('button', { name: pinned, exact: true })).toBeVisible();

  await openChannel(a.page, pinned);
  await expect(headerButton(a.page, 'Pin channel')).toHaveAttribute('aria-pressed', 'false');
  await headerButton(a.page, 'Pin channel').click();
  await expect(headerButton(a.page, 'Pin channel')).toHaveAttribute('aria-pressed', 'true');
  await expect(section(a.page, 'Pinned').getByRole('button', { name: pinned, exact: true })).toBeVisible();
  await expect(section(a.page, 'All Channels').getByRole('button', { name: pinned, exact: true })).toHaveCount(0);
  // The other tab follows without a reload (channel-marked).
  await expect(section(otherTab, 'Pinned').getByRole('button', { name: pinned, exact: true })).toBeVisible();

  // Star, by keyboard: the header button, then the list's Starred filter.
  await headerButton(a.page, 'Star channel').focus();
  await a.page.keyboard.press('Enter');
  await expect(headerButton(a.page, 'Star channel')).toHaveAttribute('aria-pressed', 'true');
  await starredFilter(a.page).focus();
  await a.page.keyboard.press('Space');
  await expect(starredFilter(a.page)).toHaveAttribute('aria-pressed', 'true');
  await expect(listed(a.page, pinned)).toBeVisible();
  await expect(listed(a.page, plain)).toHaveCount(0);
  await starredFilter(a.page).click();
  await expect(listed(a.page, plain)).toBeVisible();

  // Kept by the server: a reload shows the same.
  await a.page.reload();
  await expect(section(a.page, 'Pinned').getByRole('button', { name: pinned, exact: true })).toBeVisible();
  await openChannel(a.page, pinned);
  await expect(headerButton(a.page, 'Star channel')).toHaveAttribute('aria-pressed', 'true');

  // Screenshots to look at: the Pinned section and the pressed buttons, 1280 and 390 px, light and dark.
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(a.page, theme);
    for (const width of [1280, 390]) {
      await a.page.setViewportSize({ width, height: 800 });
      await openChannel(a.page, pinned);
      await a.page.screenshot({ path: test.info().outputPath(`pin-star-${width}-${theme}.png`) });
      if (width === 390) {
        await a.page.getByRole('button', { name: 'Back to channels' }).click();
        await starredFilter(a.page).click();
        await expect(starredFilter(a.page)).toHaveAttribute('aria-pressed', 'true');
        // The button's colours ease in (150 ms): the picture shows where they end.
        await a.page.mouse.move(0, 0);
        await a.page.waitForTimeout(300);
        await a.page.screenshot({ path: test.info().outputPath(`pin-star-list-${width}-${theme}.png`) });
      }
    }
  }
  await a.page.setViewportSize({ width: 1280, height: 800 });

  // Unpinned: back to All Channels, on both tabs.
  await openChannel(a.page, pinned);
  await headerButton(a.page, 'Pin channel').click();
  await expect(section(a.page, 'All Channels').getByRole('button', { name: pinned, exact: true })).toBeVisible();
  await expect(section(otherTab, 'All Channels').getByRole('button', { name: pinned, exact: true })).toBeVisible();
});

test('someone typing is shown to the others in the channel, then cleared by their message or after 5 s', async ({ browser, baseURL }) => {
  const tag = randomUUID().slice(0, 6);
  const name = `typing-${tag}`;
  const a = await signUpInNewContext(browser, 'typ-a');
  const b = await signUpInNewContext(browser, 'typ-b');
  const aApi = await apiOf(a.page, baseURL);
  const created = await aApi.call(messagingRoutes.createChannel, { body: { name, type: 'public', category: 'general' } });
  const link = (await aApi.call(messagingRoutes.joinLink, { params: { id: created.data.id } })).data.joinLink;
  await (await apiOf(b.page, baseURL)).call(messagingRoutes.joinByLink, { params: { joinLink: link } });
  await openChannel(a.page, name);
  await openChannel(b.page, name);
  for (const page of [a.page, b.page]) await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  const postIn = async (from: Page, content: string) =>
    (await (await apiOf(from, baseURL)).send(messagingRoutes.postChannelMessage, { params: { id: created.data.id }, body: { content } }))
      .status;
  await bothLive([a, b], postIn, tag);

  await composer(b.page, name).pressSequentially('Hello A, I am writing you a note', { delay: 80 });
  await expect(typingLine(a.page)).toHaveText(`${b.person.name} is typing…`);
  // Never to the typist.
  await expect(typingLine(b.page)).toHaveCount(0);
  await a.page.screenshot({ path: test.info().outputPath('typing-1280-light.png') });

  // B's message arrives: the line goes at once, well before the 5 s are over.
  await composer(b.page, name).press('Enter');
  await expect(messageList(a.page).getByText('Hello A, I am writing you a note')).toBeVisible();
  await expect(typingLine(a.page)).toHaveCount(0, { timeout: 1_500 });

  // Typing without sending: shown, then gone about 5 s after the last key. First the 2 s in which
  // B's last `typing` keeps the next one back.
  await b.page.waitForTimeout(2_000);
  await composer(b.page, name).pressSequentially('Another thought', { delay: 60 });
  await expect(typingLine(a.page)).toBeVisible();
  const shownAt = Date.now();
  await expect(typingLine(a.page)).toHaveCount(0, { timeout: 9_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2_500);

  await setTheme(a.page, 'dark');
  await a.page.setViewportSize({ width: 390, height: 800 });
  await openChannel(a.page, name);
  // A's page was loaded again: its socket joins the room anew.
  await expect(messageList(a.page).getByText('Hello A, I am writing you a note')).toBeVisible();
  expect(await postIn(b.page, `Still there? (${tag})`)).toBe(201);
  await expect(messageList(a.page).getByText(`Still there? (${tag})`)).toBeVisible({ timeout: 30_000 });
  await composer(b.page, name).pressSequentially(' and more', { delay: 60 });
  await expect(typingLine(a.page)).toBeVisible();
  await a.page.screenshot({ path: test.info().outputPath('typing-390-dark.png') });
});

test('typing shows in an inbox conversation too, to the other person only', async ({ browser, baseURL }) => {
  const tag = randomUUID().slice(0, 6);
  const a = await signUpInNewContext(browser, 'typ-ia');
  const b = await signUpInNewContext(browser, 'typ-ib');
  const chatId = await chatAboutGig(a.page, b.page, baseURL, `Typing course (${tag})`);
  const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
  for (const page of [a.page, b.page]) {
    await page.goto(`/inbox/${chatId}`);
    await expect(conversation(page).getByText('No messages yet. Say hello!')).toBeVisible();
  }
  const postIn = async (from: Page, content: string) =>
    (await (await apiOf(from, baseURL)).send(messagingRoutes.postChatMessage, { params: { chatId: chatId }, body: { content } })).status;
  await bothLive([a, b], postIn, tag);
  const box = conversation(b.page).getByLabel('Message', { exact: true });
  await box.pressSequentially('Is the course still open to beginners', { delay: 80 });
  await expect(typingLine(a.page)).toHaveText(`${b.person.name} is typing…`);
  await expect(typingLine(b.page)).toHaveCount(0);
  await box.press('Enter');
  await expect(typingLine(a.page)).toHaveCount(0, { timeout: 1_500 });
});

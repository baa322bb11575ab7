import { randomUUID } from 'node:crypto';
import { messagingRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, type Person, signUpWithDevIssuer } from './helpers.ts';

// Two people signed up through the browser and live round trips: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** A signed-up person in a browser context of their own (their own storage, their own socket). */
async function signUpInNewContext(browser: Browser, prefix: string): Promise<{ page: Page; person: Person }> {
  const page = await (await browser.newContext()).newPage();
  const person = buildPerson(prefix);
  await signUpWithDevIssuer(page, person);
  return { page, person };
}

/** The signed-in person's API, for setting data up. */
async function apiOf(page: Page, baseURL: string | undefined) {
  const token = await page.evaluate(() => {
    const stored = (globalThis as unknown as BrowserGlobals).localStorage.getItem('user');
    return (JSON.parse(stored ?? '{}') as { token?: string }).token ?? '';
  });
  return apiAt(baseURL, token);
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const item = (page: Page, text: string) => messages(page).getByRole('listitem').filter({ hasText: text });
const composer = (page: Page, channel: string) => page.getByRole('textbox', { name: `Message #${channel}` });
const channelButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: new RegExp(`^${name}`) });

async function openChannel(page: Page, name: string) {
  await page.goto('/community');
  await channelButton(page, name).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

test('B mentions A with the suggestions; A sees it highlighted, counted beside the channel and notified, live', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const name = `mentions-${tag}`;
  const elsewhere = `elsewhere-${tag}`;
  const a = await signUpInNewContext(browser, 'mna');
  const b = await signUpInNewContext(browser, 'mnb');

  // A's channel, and another channel of A's to be in while mentioned.
  const aApi = await apiOf(a.page, baseURL);
  const channelId = (
    await aApi.call(messagingRoutes.createChannel, { body: { name, description: '', type: 'public', category: 'general' } })
  ).data.id;
  await aApi.call(messagingRoutes.createChannel, { body: { name: elsewhere, description: '', type: 'public', category: 'general' } });
  // B joins by posting (a public channel): a join by link would tell A of it first.
  await (await apiOf(b.page, baseURL)).call(messagingRoutes.postChannelMessage, {
    params: { id: channelId },
    body: { content: 'Hello!', type: 'text' },
  });

  await openChannel(a.page, name);
  await openChannel(b.page, name);

  // B types '@' and the start of A's username: A is suggested (name and @username); Enter puts the mention in.
  const box = composer(b.page, name);
  await box.click();
  await box.pressSequentially('Thanks @mna');
  const suggestions = b.page.getByRole('listbox', { name: 'People to mention' });
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await expect(suggestions.getByRole('option', { name: new RegExp(`${a.person.name}.*@${a.person.username}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  // Escape closes the suggestions and leaves the text; typing on at the same '@' keeps them closed.
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveValue('Thanks @mna');
  await box.press('Backspace');
  await box.pressSequentially(' and @mna');
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await box.press('Enter');
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveValue(`Thanks @mn and @${a.person.username} `);
  await box.pressSequentially('have a look');
  await box.press('Enter');
  const text = `have a look`;
  await expect(item(b.page, text)).toHaveCount(1);

  // A, in the channel: the message is highlighted, the mention drawn out as theirs; the notification arrives live.
  const mention = item(a.page, text).locator('[data-mention]');
  await expect(mention).toHaveText(`@${a.person.username} (mentions you)`);
  await expect(a.page.getByRole('link', { name: /Notifications\s*1 unread/ })).toBeVisible();

  // While A is in another channel, a second mention counts beside the channel's unread count; opening it clears it.
  await channelButton(a.page, elsewhere).click();
  await expect(a.page.getByRole('heading', { level: 2, name: elsewhere })).toBeVisible();
  await expect(messages(a.page)).toHaveCount(0);
  await box.pressSequentially(`@${a.person.username} and one more`);
  await box.press('Enter');
  await expect(channelButton(a.page, name)).toContainText('1 mention');
  await expect(channelButton(a.page, name)).toContainText('1 unread');
  await a.page.screenshot({ path: test.info().outputPath('mentions-badge-1280-light.png') });
  await channelButton(a.page, name).click();
  await expect(item(a.page, 'and one more').locator('[data-mention]')).toHaveText(`@${a.person.username} (mentions you)`);
  await channelButton(a.page, elsewhere).click();
  await expect(channelButton(a.page, name)).not.toContainText('1 mention');

  // The notification names B and the channel, and opens the message.
  await a.page.getByRole('link', { name: /Notifications\s*\d unread/ }).click();
  const notification = a.page.getByRole('article', { name: `${b.person.name} mentioned you in #${name}` }).first();
  await expect(notification).toBeVisible();
  await expect(notification.getByRole('link', { name: 'Open message' })).toHaveAttribute(
    'href',
    new RegExp(`channel=${channelId}&message=`),
  );
  await notification.getByRole('link', { name: 'Open message' }).click();
  // Exact: until the link has navigated, the notifications' headings hold the channel's name too.
  await expect(a.page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

  // Screenshots to look at: B's suggestions and A's highlighted message, 1280 and 390 px, light and dark.
  for (const theme of ['light', 'dark'] as const) {
    for (const { page } of [a, b])
      await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
        STORAGE_KEYS.theme,
        theme,
      ] as const);
    for (const width of [1280, 390]) {
      await a.page.setViewportSize({ width, height: 800 });
      await b.page.setViewportSize({ width, height: 800 });
      await openChannel(a.page, name);
      await expect(item(a.page, 'and one more')).toBeVisible();
      await a.page.screenshot({ path: test.info().outputPath(`mentions-highlight-${width}-${theme}.png`) });
      await openChannel(b.page, name);
      await composer(b.page, name).click();
      await composer(b.page, name).pressSequentially('@mn');
      await expect(b.page.getByRole('listbox', { name: 'People to mention' })).toBeVisible();
      await b.page.screenshot({ path: test.info().outputPath(`mentions-suggest-${width}-${theme}.png`) });
    }
  }
});

import { randomUUID } from 'node:crypto';
import { MESSAGE_PAGE_SIZE, marketplaceRoutes, messagingRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

// A person signs up and posts a page and more of messages: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
    STORAGE_KEYS.theme,
    theme,
  ] as const);
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search messages' });
const results = (page: Page) => page.getByRole('region', { name: 'Message search results' });
const hits = (page: Page) => results(page).getByRole('link');

test('a search with a typo finds an old message; choosing it opens the channel scrolled to the message, marked', async ({
  browser,
  baseURL,
}) => {
  const tag = `zx${randomUUID().slice(0, 6)}`;
  const channel = `search-${tag}`;
  const { page } = await signUpInNewContext(browser, 'srch');
  const api = await apiOf(page, baseURL);
  const channelId = (
    await api.call(messagingRoutes.createChannel, { body: { name: channel, description: '', type: 'public', category: 'general' } })
  ).data.id;
  const post = (content: string) =>
    api.call(messagingRoutes.postChannelMessage, { params: { id: channelId }, body: { content, type: 'text' } });
  const target = `The deployment of orchestrator ${tag} failed at noon`;
  await post(target);
  // More than a page after it: the channel opens on its newest page, without the message found.
  const later = MESSAGE_PAGE_SIZE + 5;
  for (let i = 1; i <= later; i++) await post(`Invoice ${i} for ${tag} is ready`);

  await page.goto('/community');
  // The page comes pre-rendered; its channels come once React has taken over (and listens for keys).
  await expect(page.getByRole('navigation', { name: 'Channels' }).getByText(channel).first()).toBeVisible();
  // '/' outside a field puts the focus in the search box; Ctrl+K too.
  await page.locator('body').press('/');
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).blur();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();

  await searchBox(page).fill(`deplyment ${tag}`);
  await expect(results(page).getByText('No exact matches. Showing messages with similar words.')).toBeVisible();
  await expect(hits(page)).toHaveCount(1);
  const hit = hits(page).first();
  await expect(hit).toContainText(channel);
  await expect(hit.locator('mark').first()).toHaveText('deployment');

  // Screenshots to look at: the results, 1280 and 390 px, light and dark.
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await searchBox(page).fill(`deplyment ${tag}`);
      await expect(hits(page)).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath(`search-results-${width}-${theme}.png`) });
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();

  // Arrow down from the box reaches the hit; Enter follows it.
  await searchBox(page).fill(`deplyment ${tag}`);
  await expect(hits(page)).toHaveCount(1);
  await searchBox(page).press('ArrowDown');
  await expect(hits(page).first()).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: channel })).toBeVisible();
  const row = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: target });
  await expect(row).toBeInViewport();
  await expect(row).toHaveClass(/ring-amber-400/);
  await expect(row).toBeFocused();
  await expect(results(page)).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('search-opened-1280-light.png') });
  // The parameter has left the address; the mark fades after a moment.
  await expect(page).toHaveURL(new RegExp(`channel=${channelId}$`));
  await expect(row).not.toHaveClass(/ring-amber-400/, { timeout: 5_000 });

  // Newest first, 20 a page, Load more until none are left.
  await searchBox(page).fill(`invoice ${tag}`);
  await expect(hits(page)).toHaveCount(20);
  await expect(hits(page).first()).toContainText(`Invoice ${later} for`);
  const more = results(page).getByRole('button', { name: 'Load more' });
  await more.click();
  await expect(hits(page)).toHaveCount(40);
  await more.click();
  await expect(hits(page)).toHaveCount(later);
  await expect(more).toBeHidden();
  await expect(hits(page).last()).toContainText('Invoice 1 for');

  // Nothing found says so; Escape closes the results.
  // (Nothing like any written word: a typo's reading would find a word the search holds.)
  await searchBox(page).fill('qwxvbnkj');
  await expect(results(page).getByText('No messages match “qwxvbnkj”')).toBeVisible();
  await searchBox(page).press('Escape');
  await expect(results(page)).toBeHidden();
});

test('a search keeps to the open channel when asked; a channel’s hit opens its pane on a small screen; a conversation’s hit opens the inbox', async ({
  browser,
  baseURL,
}) => {
  const tag = `zy${randomUUID().slice(0, 6)}`;
  const { page } = await signUpInNewContext(browser, 'srcm');
  const api = await apiOf(page, baseURL);
  const channel = `mobile-${tag}`;
  const channelId = (
    await api.call(messagingRoutes.createChannel, { body: { name: channel, description: '', type: 'public', category: 'general' } })
  ).data.id;
  await api.call(messagingRoutes.postChannelMessage, {
    params: { id: channelId },
    body: { content: `Standup notes ${tag}`, type: 'text' },
  });
  // A conversation about one of the demo gigs, with its freelancer.
  const [gig] = (await api.call(marketplaceRoutes.listGigs, { query: {} })).gigs;
  if (!gig) throw new Error('the demo data has no gig');
  const chatId = (await api.call(messagingRoutes.createChat, { body: { recipientId: gig.freelancer._id, gigId: gig._id } })).data.id;
  await api.call(messagingRoutes.postChatMessage, { params: { chatId }, body: { content: `Is the logo ready, ${tag}?`, type: 'text' } });

  // Everywhere, then only in the open channel.
  await page.goto(`/community?channel=${channelId}`);
  await searchBox(page).fill(tag);
  await expect(hits(page)).toHaveCount(2);
  const only = results(page).getByRole('button', { name: `Only in #${channel}` });
  await only.click();
  await expect(only).toHaveAttribute('aria-pressed', 'true');
  await expect(hits(page)).toHaveCount(1);
  await expect(hits(page).first()).toContainText(`Standup notes ${tag}`);
  await only.click();
  await expect(hits(page)).toHaveCount(2);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/community');
  await searchBox(page).fill(`standup ${tag}`);
  await expect(hits(page)).toHaveCount(1);
  await hits(page).first().click();
  // On a small screen the channel's pane replaces the list.
  await expect(page.getByRole('heading', { level: 2, name: channel })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: `Standup notes ${tag}` }),
  ).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('search-opened-390-light.png') });

  await searchBox(page).fill(`logo ${tag}`);
  await expect(hits(page)).toHaveCount(1);
  await expect(hits(page).first()).toContainText(gig.title);
  await hits(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${chatId}$`));
  await expect(
    page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: `Is the logo ready, ${tag}?` }),
  ).toBeInViewport();
  // The inbox has the same box.
  await expect(searchBox(page)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-inbox-390-light.png') });
});

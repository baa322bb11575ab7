import { randomUUID } from 'node:crypto';
import { messagingRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { type BrowserGlobals, collectPageErrors } from './helpers.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

test.describe.configure({ timeout: 180_000 });

const channelList = (page: Page) => page.getByRole('navigation', { name: 'Channels' });
const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });

async function openChannel(page: Page, name: string) {
  await page.goto('/community');
  await channelList(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
    STORAGE_KEYS.theme,
    theme,
  ] as const);
}

test('an admin makes an incoming webhook in the channel’s settings, copies its URL once, and a POST to it appears live with the App badge', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const channel = `deploys-${tag}`;
  const a = await signUpInNewContext(browser, 'hooks-a');
  const errors = collectPageErrors(a.page);
  await a.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  const api = await apiOf(a.page, baseURL);
  expect((await api.send(messagingRoutes.createChannel, { body: { name: channel, type: 'public', category: 'tech' } })).status).toBe(201);
  await openChannel(a.page, channel);

  // Settings: no hooks yet; a name, Create Webhook, and the URL shown this once with Copy.
  await a.page.getByRole('button', { name: 'Channel settings' }).click();
  const settings = a.page.getByRole('dialog', { name: 'Channel Settings' });
  await expect(settings.getByText('No webhooks yet.')).toBeVisible();
  await settings.getByLabel('Webhook name').fill('Deploy bot');
  await settings.getByRole('button', { name: 'Create Webhook' }).click();
  const once = settings.getByRole('region', { name: 'Your new webhook URL' });
  await expect(once.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const url = await once.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
  expect(url).toMatch(/\/api\/hooks\/cw_hook_[\w-]{40}$/);
  await once.getByRole('button', { name: 'Copy webhook URL' }).click();
  const copied = await a.page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
  );
  expect(copied).toBe(url);
  // Listed without its secret: its name, who made it, never used, the URL's hint.
  const row = settings.getByRole('listitem').filter({ hasText: 'Deploy bot' });
  await expect(row.getByText(/never used/)).toBeVisible();
  await expect(row.getByText(`/api/hooks/cw_hook_…${url.slice(-4)}`)).toBeVisible();
  for (const width of [1280, 390]) {
    await a.page.setViewportSize({ width, height: 900 });
    await a.page.screenshot({ path: test.info().outputPath(`hooks-settings-${width}-light.png`) });
  }
  await a.page.setViewportSize({ width: 1280, height: 900 });
  await a.page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // In the dark theme (applied on load): a second hook, its URL shown once, then revoked; the first stays.
  await setTheme(a.page, 'dark');
  await openChannel(a.page, channel);
  await a.page.getByRole('button', { name: 'Channel settings' }).click();
  await settings.getByLabel('Webhook name').fill('Nightly');
  await settings.getByRole('button', { name: 'Create Webhook' }).click();
  await expect(once.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const nightly = await once.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
  for (const width of [1280, 390]) {
    await a.page.setViewportSize({ width, height: 900 });
    await a.page.screenshot({ path: test.info().outputPath(`hooks-settings-${width}-dark.png`) });
  }
  await a.page.setViewportSize({ width: 1280, height: 900 });
  await settings.getByRole('button', { name: 'Revoke webhook Nightly' }).click();
  await expect(settings.getByRole('listitem').filter({ hasText: 'Nightly' })).toHaveCount(0);
  await expect(row).toBeVisible();
  expect((await fetch(nightly, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' })).status).toBe(
    404,
  );
  await a.page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // An integration posts with a fetch of its own: no token, the URL is the secret.
  const answer = await fetch(copied, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Build 42 deployed to staging' }),
  });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ success: true, messageId: expect.any(String) });
  const message = messageList(a.page).getByRole('listitem', { name: 'Deploy bot: Build 42 deployed to staging' });
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message.getByText('App', { exact: true })).toBeVisible();
  const custom = await fetch(copied, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Rolled back', username: 'Release train' }),
  });
  expect(custom.status).toBe(200);
  await expect(messageList(a.page).getByRole('listitem', { name: 'Release train: Rolled back' })).toBeVisible({ timeout: 30_000 });

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(a.page, theme);
    for (const width of [1280, 390]) {
      await a.page.setViewportSize({ width, height: 800 });
      await openChannel(a.page, channel);
      await expect(message.getByText('App', { exact: true })).toBeVisible();
      await a.page.screenshot({ path: test.info().outputPath(`hooks-message-${width}-${theme}.png`) });
    }
  }

  // Revoked in the settings: the URL answers 404 and posts nothing.
  await a.page.setViewportSize({ width: 1280, height: 800 });
  await a.page.getByRole('button', { name: 'Channel settings' }).click();
  await settings.getByRole('button', { name: 'Revoke webhook Deploy bot' }).click();
  await expect(settings.getByText('No webhooks yet.')).toBeVisible();
  expect((await fetch(copied, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"late"}' })).status).toBe(
    404,
  );
  expect(errors).toEqual([]);
});

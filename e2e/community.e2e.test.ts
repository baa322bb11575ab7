import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { buildPerson, type Person, signUpWithDevIssuer } from './helpers.ts';

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
  const link = await settings.getByRole('textbox', { name: 'Join link' }).inputValue();
  expect(link).toMatch(/\/join\/channel\/[\w-]+$/);
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

  // Members panel: both online in the open channel.
  const members = b.page.getByRole('complementary', { name: 'Channel members' });
  await expect(members.getByRole('region', { name: 'Online members' })).toContainText(a.person.name);

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

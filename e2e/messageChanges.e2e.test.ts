import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { messagingRoutes, pathOf, STORAGE_KEYS } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';
import { apiOf, chatAboutGig, signUpInNewContext } from './signedUp.ts';

// Two people signed up through the browser and many live round trips: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** What axe finds serious or critical on the page as it stands (WCAG 2.2 AA, as e2e/accessibility does). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
/** A message's list item by its text (the tombstone's text once deleted). */
const item = (page: Page, text: string) => messages(page).getByRole('listitem').filter({ hasText: text });
const composer = (page: Page, channel: string) => page.getByRole('textbox', { name: `Message #${channel}` });
const reaction = (page: Page, text: string, emoji: string) => item(page, text).getByRole('button', { name: new RegExp(`^${emoji} \\d`) });

async function openChannel(page: Page, name: string) {
  await page.goto('/community');
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

/** Sends a message and waits for the server's copy (the optimistic one says 'Sending...'). */
async function send(page: Page, channel: string, text: string) {
  await composer(page, channel).fill(text);
  await composer(page, channel).press('Enter');
  await expect(item(page, text)).toHaveCount(1);
  await expect(item(page, text)).not.toContainText('Sending...');
}

/** Opens a message's emoji picker from its toolbar and picks the first emoji a search finds, by keyboard. */
async function reactBySearch(page: Page, text: string, search: string) {
  await item(page, text).hover();
  await item(page, text).getByRole('button', { name: 'Add reaction' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an emoji' });
  await picker.getByRole('combobox', { name: 'Search emoji' }).fill(search);
  await picker.getByRole('combobox', { name: 'Search emoji' }).press('Enter');
  await expect(picker).toBeHidden();
}

test('edits, reactions and deletions reach the other person live, and after they come back online', async ({ browser, baseURL }) => {
  const tag = randomUUID().slice(0, 6);
  const name = `changes-${tag}`;
  const a = await signUpInNewContext(browser, 'chg-a');
  const b = await signUpInNewContext(browser, 'chg-b');

  // A's channel, joined by B through its link (set up through the API: the community e2e walks the dialogs).
  const aApi = await apiOf(a.page, baseURL);
  const created = await aApi.send(messagingRoutes.createChannel, {
    body: { name, description: 'Fixing typos', type: 'public', category: 'general' },
  });
  expect(created.status).toBe(201);
  const channelId = created.body.data.id;
  const link = (await aApi.call(messagingRoutes.joinLink, { params: { id: channelId } })).data.joinLink;
  await (await apiOf(b.page, baseURL)).call(messagingRoutes.joinByLink, { params: { joinLink: link } });

  await openChannel(a.page, name);
  await openChannel(b.page, name);
  await send(a.page, name, `Hello from A ${tag}`);
  await send(b.page, name, `Tpyo from B ${tag}`);
  await send(b.page, name, `Second from B ${tag}`);
  await expect(item(a.page, `Second from B ${tag}`)).toBeVisible();

  // B edits from the message's toolbar: A sees the new text and '(edited)' without reloading.
  await item(b.page, `Tpyo from B ${tag}`).hover();
  await item(b.page, `Tpyo from B ${tag}`).getByRole('button', { name: 'Edit message' }).click();
  const editBox = b.page.getByRole('textbox', { name: 'Edit your message' });
  await expect(editBox).toBeFocused();
  await editBox.fill(`Typo fixed from B ${tag}`);
  await editBox.press('Enter');
  await expect(item(b.page, `Typo fixed from B ${tag}`)).toContainText('(edited)');
  await expect(item(a.page, `Typo fixed from B ${tag}`)).toContainText('(edited)');
  await expect(item(a.page, `Tpyo from B ${tag}`)).toHaveCount(0);
  // Nobody edits or deletes another person's message (A is the channel's admin: A may delete it).
  await item(a.page, `Typo fixed from B ${tag}`).hover();
  await expect(item(a.page, `Typo fixed from B ${tag}`).getByRole('button', { name: 'Edit message' })).toHaveCount(0);
  await expect(item(a.page, `Typo fixed from B ${tag}`).getByRole('button', { name: 'Delete message' })).toHaveCount(1);
  await item(b.page, `Hello from A ${tag}`).hover();
  await expect(item(b.page, `Hello from A ${tag}`).getByRole('button', { name: 'Edit message' })).toHaveCount(0);
  await expect(item(b.page, `Hello from A ${tag}`).getByRole('button', { name: 'Delete message' })).toHaveCount(0);

  // The Up arrow in B's empty box edits B's last message; Escape cancels and gives the box back.
  const bBox = composer(b.page, name);
  await bBox.focus();
  await bBox.press('ArrowUp');
  await expect(editBox).toHaveValue(`Second from B ${tag}`);
  await editBox.press('Escape');
  await expect(editBox).toHaveCount(0);
  await expect(bBox).toBeFocused();
  await bBox.press('ArrowUp');
  await editBox.fill(`Second, reworded ${tag}`);
  await editBox.press('Enter');
  await expect(item(a.page, `Second, reworded ${tag}`)).toContainText('(edited)');
  await expect(bBox).toBeFocused();

  // A refused edit comes back as it was, with the server's sentence.
  const editPath = `**${pathOf(messagingRoutes.editChannelMessage.url, { id: channelId, messageId: '*' })}`;
  await b.page.route(editPath, (route) =>
    route.fulfill({ status: 409, json: { success: false, message: 'A deleted message cannot be edited', error: 'MESSAGE_DELETED' } }),
  );
  await bBox.press('ArrowUp');
  await editBox.fill(`Never saved ${tag}`);
  await editBox.press('Enter');
  await expect(toast(b.page, 'A deleted message cannot be edited')).toBeVisible();
  await expect(item(b.page, `Second, reworded ${tag}`)).toHaveCount(1);
  await expect(item(b.page, `Never saved ${tag}`)).toHaveCount(0);
  await b.page.unroute(editPath);

  // B reacts to A's message from the picker (searched, picked with Enter): A sees the chip; A's click adds to it, a second takes it back.
  await reactBySearch(b.page, `Hello from A ${tag}`, 'party');
  await expect(reaction(b.page, `Hello from A ${tag}`, '🎉')).toHaveAttribute('aria-pressed', 'true');
  const aChip = reaction(a.page, `Hello from A ${tag}`, '🎉');
  await expect(aChip).toHaveAccessibleName('🎉 1 reaction');
  await expect(aChip).toHaveAttribute('aria-pressed', 'false');
  await expect(aChip).toHaveAttribute('title', `Reacted with 🎉: ${b.person.name}`);
  await aChip.click();
  await expect(aChip).toHaveAccessibleName('🎉 2 reactions');
  await expect(aChip).toHaveAttribute('aria-pressed', 'true');
  await expect(reaction(b.page, `Hello from A ${tag}`, '🎉')).toHaveAccessibleName('🎉 2 reactions');
  await aChip.click();
  await expect(aChip).toHaveAccessibleName('🎉 1 reaction');
  await expect(aChip).toHaveAttribute('aria-pressed', 'false');
  await expect(reaction(b.page, `Hello from A ${tag}`, '🎉')).toHaveAccessibleName('🎉 1 reaction');

  // B deletes the edited message after confirming: a tombstone for both, with no actions on it.
  await item(b.page, `Typo fixed from B ${tag}`).hover();
  await item(b.page, `Typo fixed from B ${tag}`).getByRole('button', { name: 'Delete message' }).click();
  const confirm = b.page.getByRole('dialog', { name: 'Delete this message?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  for (const page of [a.page, b.page]) {
    await expect(item(page, `Typo fixed from B ${tag}`)).toHaveCount(0);
    const tombstone = item(page, 'This message was deleted');
    await expect(tombstone).toHaveCount(1);
    await expect(tombstone.getByRole('button')).toHaveCount(0);
  }

  // B goes offline; A reacts, edits and deletes meanwhile; back online, B sees each change once, without reloading.
  await b.page.context().setOffline(true);
  await reactBySearch(a.page, `Second, reworded ${tag}`, 'thumbs up');
  await expect(reaction(a.page, `Second, reworded ${tag}`, '👍')).toHaveAccessibleName('👍 1 reaction');
  await send(a.page, name, `Drafted while B was away ${tag}`);
  await a.page.keyboard.press('ArrowUp');
  await a.page.getByRole('textbox', { name: 'Edit your message' }).fill(`Rewritten while B was away ${tag}`);
  await a.page.keyboard.press('Enter');
  await expect(item(a.page, `Rewritten while B was away ${tag}`)).toContainText('(edited)');
  await b.page.context().setOffline(false);
  await expect(reaction(b.page, `Second, reworded ${tag}`, '👍')).toHaveAccessibleName('👍 1 reaction');
  await expect(item(b.page, `Rewritten while B was away ${tag}`)).toContainText('(edited)');
  await expect(item(b.page, `Drafted while B was away ${tag}`)).toHaveCount(0);

  // Screenshots to look at: 1280 and 390 px, light and dark, with an edited message, reactions and a tombstone.
  for (const theme of ['light', 'dark'] as const) {
    await a.page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
      STORAGE_KEYS.theme,
      theme,
    ] as const);
    for (const width of [1280, 390]) {
      await a.page.setViewportSize({ width, height: 800 });
      await openChannel(a.page, name);
      await item(a.page, `Hello from A ${tag}`).hover();
      await a.page.screenshot({ path: test.info().outputPath(`message-changes-${width}-${theme}.png`) });
    }
    // Reactions, '(edited)', a tombstone and the toolbar on screen; then the picker, then the delete dialog.
    expect(await violations(a.page)).toEqual([]);
    await item(a.page, `Hello from A ${tag}`).getByRole('button', { name: 'Add reaction' }).click();
    await expect(a.page.getByRole('listbox', { name: 'Choose an emoji' })).toBeVisible();
    await a.page.screenshot({ path: test.info().outputPath(`emoji-picker-390-${theme}.png`) });
    expect(await violations(a.page)).toEqual([]);
    await a.page.keyboard.press('Escape');
    await expect(item(a.page, `Hello from A ${tag}`).getByRole('button', { name: 'Add reaction' })).toBeFocused();
    await item(a.page, `Hello from A ${tag}`).getByRole('button', { name: 'Delete message' }).click();
    await expect(a.page.getByRole('dialog', { name: 'Delete this message?' })).toBeVisible();
    expect(await violations(a.page)).toEqual([]);
    await a.page.keyboard.press('Escape');
  }
});

test('in the inbox too: an edit, a reaction and a deletion reach the other person live', async ({ browser, baseURL }) => {
  const tag = randomUUID().slice(0, 6);
  const a = await signUpInNewContext(browser, 'chg-ia');
  const b = await signUpInNewContext(browser, 'chg-ib');

  // A's gig, and B's conversation with A about it.
  const chatId = await chatAboutGig(a.page, b.page, baseURL, `Logo refresh (${tag})`);
  const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
  for (const page of [a.page, b.page]) await page.goto(`/inbox/${chatId}`);
  const aBox = conversation(a.page).getByRole('textbox', { name: 'Message' });
  const bBox = conversation(b.page).getByRole('textbox', { name: 'Message' });
  await aBox.fill(`Question from A ${tag}`);
  await aBox.press('Enter');
  await expect(item(b.page, `Question from A ${tag}`)).toBeVisible();
  await bBox.fill(`Anser from B ${tag}`);
  await bBox.press('Enter');
  await expect(item(a.page, `Anser from B ${tag}`)).toBeVisible();

  // B's Up arrow edits B's answer; A sees it edited.
  await expect(bBox).toHaveValue('');
  await bBox.press('ArrowUp');
  const editBox = b.page.getByRole('textbox', { name: 'Edit your message' });
  await editBox.fill(`Answer from B ${tag}`);
  await editBox.press('Enter');
  await expect(item(a.page, `Answer from B ${tag}`)).toContainText('(edited)');
  // The conversation list beside it previews the last message as it now reads.
  const aList = a.page.getByRole('navigation', { name: 'Conversations' });
  await expect(aList).toContainText(`Answer from B ${tag}`);

  // B reacts to A's question; A sees who by name, adds to it and takes it back.
  await reactBySearch(b.page, `Question from A ${tag}`, 'eyes');
  const aChip = reaction(a.page, `Question from A ${tag}`, '👀');
  await expect(aChip).toHaveAttribute('title', `Reacted with 👀: ${b.person.name}`);
  await aChip.click();
  await expect(reaction(b.page, `Question from A ${tag}`, '👀')).toHaveAccessibleName('👀 2 reactions');
  await expect(reaction(b.page, `Question from A ${tag}`, '👀')).toHaveAttribute('title', `Reacted with 👀: You and ${a.person.name}`);
  await aChip.click();
  await expect(reaction(b.page, `Question from A ${tag}`, '👀')).toHaveAccessibleName('👀 1 reaction');

  // B deletes the answer; A sees the tombstone, with nothing to do on it; A cannot delete B's messages in a chat.
  await item(b.page, `Answer from B ${tag}`).hover();
  await item(b.page, `Answer from B ${tag}`).getByRole('button', { name: 'Delete message' }).click();
  await b.page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(item(a.page, 'This message was deleted')).toHaveCount(1);
  await expect(item(a.page, 'This message was deleted').getByRole('button')).toHaveCount(0);
  await expect(item(a.page, `Answer from B ${tag}`)).toHaveCount(0);
  await expect(aList).not.toContainText(`Answer from B ${tag}`);
});

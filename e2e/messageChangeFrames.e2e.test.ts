import { randomUUID } from 'node:crypto';
import { messagingRoutes } from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

// Two people signed up through the browser: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const item = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
const reaction = (page: Page, text: string, emoji: string) => item(page, text).getByRole('button', { name: new RegExp(`^${emoji} \\d`) });

test('a burst of changes reaches the other person as one frame of only what changed, applied to the messages on screen', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const name = `frames-${tag}`;
  const a = await signUpInNewContext(browser, 'frm-a');
  const b = await signUpInNewContext(browser, 'frm-b');
  const aApi = await apiOf(a.page, baseURL);
  const bApi = await apiOf(b.page, baseURL);
  const channelId = (await aApi.call(messagingRoutes.createChannel, { body: { name, type: 'public' } })).data.id;
  const link = (await aApi.call(messagingRoutes.joinLink, { params: { id: channelId } })).data.joinLink;
  await bApi.call(messagingRoutes.joinByLink, { params: { joinLink: link } });
  const mine = (await aApi.call(messagingRoutes.postChannelMessage, { params: { id: channelId }, body: { content: `From A ${tag}` } }))
    .data;
  const theirs = (await bApi.call(messagingRoutes.postChannelMessage, { params: { id: channelId }, body: { content: `Tpyo ${tag}` } }))
    .data;

  // What A's socket receives of the channel's change frames.
  const frames: string[] = [];
  a.page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('42["messages-updated"')) frames.push(payload);
    }),
  );
  await a.page.goto('/community');
  await a.page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name }).click();
  await expect(item(a.page, `Tpyo ${tag}`)).toHaveCount(1);

  // B reacts three times and fixes a typo at once: the first change goes alone, the rest together.
  const on = (emoji: string) => ({ params: { id: channelId, messageId: mine.id, emoji } });
  await Promise.all([
    bApi.call(messagingRoutes.addChannelReaction, on('👍')),
    bApi.call(messagingRoutes.addChannelReaction, on('🎉')),
    bApi.call(messagingRoutes.addChannelReaction, on('👀')),
    bApi.call(messagingRoutes.editChannelMessage, {
      params: { id: channelId, messageId: theirs.id },
      body: { content: `Typo fixed ${tag}` },
    }),
  ]);
  for (const emoji of ['👍', '🎉', '👀'])
    await expect(reaction(a.page, `From A ${tag}`, emoji)).toHaveAccessibleName(`${emoji} 1 reaction`);
  await expect(item(a.page, `Typo fixed ${tag}`)).toContainText('(edited)');
  await expect(item(a.page, `From A ${tag}`)).toHaveCount(1);

  // At least one frame held several changes, each only its part: no whole message, no list of who reacted.
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) {
    const [, payload] = JSON.parse(frame.slice(2)) as [string, { changes: Record<string, unknown>[] }];
    expect(payload.changes.length).toBeGreaterThan(1);
    for (const change of payload.changes) expect(Object.keys(change)).not.toContain('message');
    expect(frame).not.toContain('"users"');
  }
});

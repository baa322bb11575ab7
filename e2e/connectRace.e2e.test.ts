import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from './fixtures.ts';
import { chatAboutGig, signUpInNewContext } from './signedUp.ts';

test.describe.configure({ timeout: 120_000 });

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const item = (page: Page, text: string) =>
  conversation(page).getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

/**
 * The race a busy machine plays (socket delivery is at most once): the page's first reads reach the
 * server before a message is written, their answers arrive after the socket has connected, and the
 * message's live event went out before that connection. Each is held here to play it in that order.
 */
test('a message sent while the other page was still connecting reaches it, in the conversation and the list', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const a = await signUpInNewContext(browser, 'race-a');
  const b = await signUpInNewContext(browser, 'race-b');
  const chatId = await chatAboutGig(a.page, b.page, baseURL, `Icon set (${tag})`);

  // B's first reads of the list and the conversation: made at once, answered when released.
  const held: (() => Promise<void>)[] = [];
  let released = false;
  const firstReads = [`/api/chat/user`, `/api/chat/${chatId}/messages`];
  await b.page.route(
    (url) => firstReads.includes(url.pathname),
    async (route) => {
      if (released) return route.continue();
      const response = await route.fetch();
      held.push(() => route.fulfill({ response }));
    },
  );
  // B's socket: its connection opened to the server only when let through; `joined` once the server accepted it.
  let connect = () => {};
  let joined = false;
  await b.page.routeWebSocket(/\/socket\.io\//, (ws) => {
    connect = () => {
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (typeof message === 'string' && message.startsWith('40')) joined = true;
        ws.send(message);
      });
    };
  });

  await b.page.goto(`/inbox/${chatId}`);
  await expect.poll(() => held.length).toBe(firstReads.length);

  // A writes while B's reads are answered (not yet delivered) and B's socket is not connected.
  await a.page.goto(`/inbox/${chatId}`);
  const aBox = conversation(a.page).getByRole('textbox', { name: 'Message' });
  await aBox.fill(`While you were connecting ${tag}`);
  await aBox.press('Enter');
  await expect(item(a.page, `While you were connecting ${tag}`)).not.toContainText('Sending...');

  connect();
  await expect.poll(() => joined).toBe(true);
  released = true;
  for (const answer of held) await answer();

  await expect(item(b.page, `While you were connecting ${tag}`)).toBeVisible();
  await expect(b.page.getByRole('navigation', { name: 'Conversations' })).toContainText(`While you were connecting ${tag}`);
});

import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import {
  INSUFFICIENT_SCOPE,
  identityRoutes,
  marketplaceRoutes,
  PERSONAL_TOKEN_PATTERN,
  PUBLIC_EVENT_TYPES,
  STORAGE_KEYS,
  webhooksRoutes,
} from '@commonwork/contracts';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, chooseLanguage, collectPageErrors, signUpWithDevIssuer } from './helpers.ts';
import { layoutProblems } from './layout.ts';
import { apiOf } from './signedUp.ts';

// Issue 31's Developer tab in /settings, through the real gateway: a personal access token made in
// the page and used from outside it, then revoked; a webhook made in the page, pinged to a receiver
// this test runs on 127.0.0.1 (loopback is allowed in embedded development mode), its delivery log.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a free loopback port: keeps every call and answers 200 with a short body. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/commonwork`, received };
}

/** The Standard Webhooks check, in a few lines: v1 is base64 HMAC-SHA256 of `id.timestamp.body` keyed by the secret's bytes. */
function signedBy(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

async function openDeveloperTab(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Developer' }).click();
  await expect(page.getByRole('heading', { name: 'Personal access tokens' })).toBeVisible();
}

test('a token made in Settings reads with its scope, is refused without it, and is refused once revoked; a webhook is pinged and its delivery logged', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  const person = buildPerson('developer');
  await signUpWithDevIssuer(page, person);
  await openDeveloperTab(page);

  // The docs: the API's reference answers; the integrators' guide opens in the tab when docs/ has it.
  expect((await page.request.get('/api/docs')).ok()).toBe(true);
  if (existsSync(new URL('../docs/integrators.md', import.meta.url))) {
    await page.getByRole('button', { name: 'Integrators’ guide' }).click();
    await expect(page.getByRole('region', { name: 'Integrators’ guide' })).toContainText('cw_pat_');
    await page
      .getByRole('region', { name: 'Integrators’ guide' })
      .screenshot({ path: test.info().outputPath('developer-guide-1280-light.png') });
    await page.getByRole('button', { name: 'Integrators’ guide' }).click();
  }

  // Nothing yet: both lists say so.
  await expect(page.getByText('No tokens yet')).toBeVisible();
  await expect(page.getByText('No webhooks yet')).toBeVisible();

  // A token: the form refuses no scope (contracts' words), then makes one with gigs:read for 7 days.
  await page.getByRole('button', { name: 'Generate token' }).click();
  const tokenDialog = page.getByRole('dialog', { name: 'New personal access token' });
  await tokenDialog.getByLabel('Name').fill('Invoice sync');
  await tokenDialog.getByRole('button', { name: 'Generate token' }).click();
  await expect(tokenDialog.getByText('Choose at least one scope')).toBeVisible();
  await tokenDialog.getByRole('checkbox', { name: /^gigs:read/ }).check();
  await tokenDialog.getByLabel('Expiration').selectOption({ label: '7 days' });
  await tokenDialog.getByRole('button', { name: 'Generate token' }).click();
  await expect(tokenDialog).toBeHidden();

  // The secret, shown once, with Copy.
  const tokenSecret = page.getByRole('region', { name: 'Your new token “Invoice sync”' });
  await expect(tokenSecret.getByText('Copy it now: you won’t see it again.')).toBeVisible();
  const secret = await tokenSecret.getByLabel('Secret').inputValue();
  expect(secret).toMatch(PERSONAL_TOKEN_PATTERN);
  await tokenSecret.getByRole('button', { name: 'Copy' }).click();
  await tokenSecret.screenshot({ path: test.info().outputPath('developer-token-secret-1280-light.png') });
  expect(
    await page.evaluate(() =>
      (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
    ),
  ).toBe(secret);

  // Listed without its secret: its name, scopes, hint, dates.
  const row = page.getByRole('listitem', { name: 'Invoice sync' });
  await expect(row.getByText('gigs:read')).toBeVisible();
  await expect(row.getByText('Never used')).toBeVisible();
  await expect(row).not.toContainText(secret);
  expect(secret.startsWith((await row.getByText(/^cw_pat_/).textContent())?.replace(/…$/, '') ?? 'none')).toBe(true);

  // Used as a third party would: a read it has the scope for answers; a write it has not is refused naming the scope.
  const asToken = apiAt(baseURL, secret);
  const analytics = await asToken.send(marketplaceRoutes.analytics);
  expect(analytics.status).toBe(200);
  const gigs = await asToken.call(marketplaceRoutes.listGigs);
  const gigId = gigs.gigs[0]?.id;
  expect(gigId).toBeTruthy();
  const favorite = await asToken.send(marketplaceRoutes.favorite, { params: { id: gigId ?? '' } });
  expect(favorite.status).toBe(403);
  expect(favorite.body.error).toBe(INSUFFICIENT_SCOPE);
  expect(favorite.body.message).toContain('gigs:write');
  // A token can never list tokens: only a signed-in session can.
  expect((await asToken.send(identityRoutes.listTokens)).status).toBe(403);

  // Its last use shows once the list is read again.
  await openDeveloperTab(page);
  await expect(page.getByRole('listitem', { name: 'Invoice sync' }).getByText('Never used')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your new token “Invoice sync”' })).toBeHidden();

  // Revoked, with a confirmation: the same call is refused within a couple of seconds.
  await page.getByRole('button', { name: 'Revoke Invoice sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token' });
  await expect(confirm).toContainText('Invoice sync');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No tokens yet')).toBeVisible();
  const revokedAt = Date.now();
  await expect.poll(async () => (await asToken.send(marketplaceRoutes.analytics)).status, { timeout: 3_000, intervals: [100] }).toBe(401);
  expect(Date.now() - revokedAt).toBeLessThan(3_000);

  // A webhook to a receiver on this machine, for gig.created.
  const receiver = await startReceiver();
  try {
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const webhookDialog = page.getByRole('dialog', { name: 'New webhook' });
    await webhookDialog.getByLabel('Payload URL').fill('not a url');
    await webhookDialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(webhookDialog.getByText('Enter a valid http(s) URL')).toBeVisible();
    await expect(webhookDialog.getByText('Choose at least one event')).toBeVisible();
    // An address the platform will not call: the server's reason, under the field.
    await webhookDialog.getByLabel('Payload URL').fill('http://10.1.2.3/hook');
    await webhookDialog.getByRole('checkbox', { name: 'gig.created' }).check();
    await webhookDialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(webhookDialog.getByText(/^Webhook URLs may not point to a private address \(10\/8\)/)).toBeVisible();
    await webhookDialog.getByLabel('Payload URL').fill(receiver.url);
    await webhookDialog.getByRole('button', { name: 'Select all: Orders' }).click();
    await webhookDialog.getByLabel('Description').fill('Our invoicing');
    await webhookDialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(webhookDialog).toBeHidden();

    const webhookSecret = page.getByRole('region', { name: 'Signing secret of your new webhook' });
    await expect(webhookSecret.getByText('Copy it now: you won’t see it again.')).toBeVisible();
    const signingSecret = await webhookSecret.getByLabel('Secret').inputValue();
    expect(signingSecret).toMatch(/^whsec_/);
    await webhookSecret.getByRole('button', { name: 'I have copied it' }).click();
    await expect(webhookSecret).toBeHidden();

    const webhook = page.getByRole('listitem', { name: receiver.url });
    await expect(webhook.getByText('Active', { exact: true })).toBeVisible();
    await expect(webhook.getByText('Our invoicing')).toBeVisible();
    const orderEvents = PUBLIC_EVENT_TYPES.filter((type) => type.startsWith('order.')).length;
    await expect(webhook.getByText(`${1 + orderEvents} events`)).toBeVisible();

    // Ping: the receiver gets a signed webhook.ping; the log shows it succeeded, with its answer.
    await webhook.getByRole('button', { name: `Ping the webhook to ${receiver.url}` }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const ping = receiver.received[0] as Received;
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'webhook.ping' });
    expect(signedBy(signingSecret, ping)).toBe(true);
    const delivery = webhook.getByRole('listitem', { name: 'webhook.ping: Succeeded' });
    await expect(delivery).toBeVisible({ timeout: 15_000 });
    await expect(delivery.getByText('200', { exact: true })).toBeVisible();
    await delivery.getByText('Answer (first kilobyte)').click();
    await expect(delivery.getByText('{"received":true}')).toBeVisible();

    // Redeliver: the same delivery again, with the same webhook-id.
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(ping.headers['webhook-id']);

    // Ten more pings: the log is paged, ten a page, newest first.
    const owner = await apiOf(page, baseURL);
    const webhookId = (await owner.call(webhooksRoutes.list)).webhooks[0]?.id ?? '';
    for (let ping = 0; ping < 10; ping += 1) await owner.call(webhooksRoutes.ping, { params: { id: webhookId } });
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(12);
    await openDeveloperTab(page);
    await webhook.getByRole('button', { name: 'Deliveries' }).click();
    await expect(webhook.getByTestId('developer-delivery')).toHaveCount(10);
    await webhook.getByRole('button', { name: 'Next' }).click();
    await expect(webhook.getByText('Page 2')).toBeVisible();
    await expect(webhook.getByTestId('developer-delivery')).toHaveCount(1);
    await expect(webhook.getByRole('listitem', { name: 'webhook.ping: Succeeded' })).toHaveCount(1);
    await expect(webhook.getByRole('button', { name: 'Next' })).toBeDisabled();
    await webhook.getByRole('button', { name: 'Previous' }).click();
    await expect(webhook.getByText('Page 1')).toBeVisible();

    // Screenshots to look at: the tab with a token, the webhook and its log, 1280 and 390 px, light and dark.
    await owner.call(identityRoutes.createToken, {
      body: { name: 'Nightly report', scopes: ['orders:read', 'gigs:read', 'messages:read'], expiresInDays: null },
    });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
        STORAGE_KEYS.theme,
        theme,
      ] as const);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await openDeveloperTab(page);
        const shown = page.getByRole('listitem', { name: receiver.url });
        await shown.getByRole('button', { name: 'Deliveries' }).click();
        await expect(shown.getByRole('listitem', { name: 'webhook.ping: Succeeded' }).first()).toBeVisible();
        await expect(page.getByRole('listitem', { name: 'Nightly report' })).toBeVisible();
        expect(await layoutProblems(page)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`developer-${width}-${theme}.png`), fullPage: true });
        await page.getByRole('button', { name: 'Generate token' }).click();
        await page.screenshot({ path: test.info().outputPath(`developer-token-form-${width}-${theme}.png`) });
        await page.keyboard.press('Escape');
        await shown.getByRole('button', { name: `Edit the webhook to ${receiver.url}` }).click();
        await page.screenshot({ path: test.info().outputPath(`developer-webhook-form-${width}-${theme}.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Edit: switched off, it shows Disabled.
    await webhook.getByRole('button', { name: `Edit the webhook to ${receiver.url}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit webhook' });
    await expect(editDialog.getByRole('checkbox', { name: 'gig.created' })).toBeChecked();
    await editDialog.getByRole('switch', { name: 'Active' }).click();
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(editDialog).toBeHidden();
    await expect(webhook.getByText('Disabled', { exact: true })).toBeVisible();

    // Deleted, with a confirmation.
    await webhook.getByRole('button', { name: `Delete the webhook to ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Delete webhook' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
  } finally {
    receiver.server.close();
  }
  expect(errors).toEqual([]);
});

test('the Developer tab works from the keyboard', async ({ page }) => {
  await signUpWithDevIssuer(page, buildPerson('developer-keys'));
  // Five tabs in one row from 640 px: none past the edge.
  await page.setViewportSize({ width: 640, height: 900 });
  await openDeveloperTab(page);
  expect(await layoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The list of tokens is answered only once the dialog is half filled in: the page drawn again behind
  // the dialog leaves the focus where the keyboard put it (it had sent it back to the name field).
  let answerList: () => void = () => undefined;
  const listHeld = new Promise<void>((resolve) => {
    answerList = resolve;
  });
  await page.route(`**${identityRoutes.listTokens.url}`, async (route) => {
    if (route.request().method() === 'GET') await listHeld;
    await route.fallback();
  });
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Developer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Personal access tokens' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate token' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New personal access token' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Keyboard token');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: /^gigs:read/ })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: /^gigs:read/ })).toBeChecked();
  answerList();
  await expect(page.getByText('No tokens yet')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /^gigs:read/ })).toBeFocused();
  // Enter in the name field sends the form.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  const secret = page.getByRole('region', { name: 'Your new token “Keyboard token”' });
  await expect(secret).toBeVisible();
  // The secret has the focus: Tab reaches Copy, Enter copies.
  await expect(secret.getByLabel('Secret')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(secret.getByRole('button', { name: 'Copy' })).toBeFocused();
  await expect(page.getByRole('listitem', { name: 'Keyboard token' })).toBeVisible();
});

test('the Developer tab says when a list cannot be read, meets WCAG 2.2 AA in both themes, and speaks German', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpWithDevIssuer(page, buildPerson('developer-states'));

  // A list the server does not answer: said, with Try again, which reads it again.
  await page.route('**/api/webhooks', (route) =>
    route.fulfill({ status: 503, json: { success: false, error: 'UNAVAILABLE', message: 'Down' } }),
  );
  await openDeveloperTab(page);
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load your webhooks.' });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('developer-error-1280-light.png') });
  await page.unroute('**/api/webhooks');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No webhooks yet')).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
      STORAGE_KEYS.theme,
      theme,
    ] as const);
    await openDeveloperTab(page);
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect(serious, theme).toEqual([]);
    await page.getByRole('button', { name: 'Generate token' }).click();
    const dialogResults = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(
      dialogResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
      `${theme}, token dialog`,
    ).toEqual([]);
    await page.keyboard.press('Escape');
  }

  await chooseLanguage(page, 'de');
  await page.getByRole('tab', { name: 'Entwickler' }).click();
  await expect(page.getByRole('heading', { name: 'Persönliche Zugriffstoken' })).toBeVisible();
  await page.getByRole('button', { name: 'Token erzeugen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues persönliches Zugriffstoken' });
  await expect(dialog.getByText('Tech-Events und Ihre Anmeldungen lesen')).toBeVisible();
  await dialog.getByRole('button', { name: 'Token erzeugen' }).click();
  await expect(dialog.getByText('Der Name ist erforderlich')).toBeVisible();
  await expect(dialog.getByText('Wählen Sie mindestens eine Berechtigung')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('developer-token-form-de-1280-dark.png') });
});

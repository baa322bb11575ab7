import { randomUUID } from 'node:crypto';
import { messagingRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import sharp from 'sharp';
import { expect, type Page, test } from './fixtures.ts';
import type { BrowserGlobals } from './helpers.ts';
import { apiOf, signUpInNewContext } from './signedUp.ts';

// Two people, uploads and live round trips: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const listed = (page: Page, name: string) => page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name, exact: true });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const composer = (page: Page, channel: string) => page.getByLabel(`Message #${channel}`, { exact: true });
const pending = (page: Page) => page.getByRole('list', { name: 'Files to send' });

async function openChannel(page: Page, name: string) {
  await page.goto('/community');
  await listed(page, name).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

test('an image and a file attached by one person are drawn for the other live, the image’s box kept before it loads', async ({
  browser,
  baseURL,
}) => {
  const channel = `files-${randomUUID().slice(0, 6)}`;
  const a = await signUpInNewContext(browser, 'att-a');
  const b = await signUpInNewContext(browser, 'att-b');
  const api = await apiOf(a.page, baseURL);
  expect((await api.send(messagingRoutes.createChannel, { body: { name: channel, type: 'public', category: 'general' } })).status).toBe(
    201,
  );

  // B reads the channel; its images arrive slowly, so the box an image keeps before it loads can be measured.
  let releaseImages: () => void = () => {};
  const imagesHeld = new Promise<void>((resolve) => (releaseImages = resolve));
  await b.page.route(/\/api\/media\/[0-9a-f-]{36}\.png$/, async (route) => {
    await imagesHeld;
    await route.continue();
  });
  await openChannel(b.page, channel);
  await openChannel(a.page, channel);

  // A picks a 1280x720 photo and a PDF with the paperclip; both upload, each removable, and one is removed.
  const photo = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
  const chooser = a.page.waitForEvent('filechooser');
  await a.page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([
    { name: 'venue.png', mimeType: 'image/png', buffer: photo },
    { name: 'agenda.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'draft.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);
  await expect(pending(a.page).getByRole('listitem')).toHaveCount(3);
  await expect(pending(a.page).getByRole('progressbar')).toHaveCount(0);
  await pending(a.page).getByRole('button', { name: 'Remove draft.pdf' }).click();
  await expect(pending(a.page).getByRole('listitem')).toHaveCount(2);
  await composer(a.page, channel).fill('The venue, and the agenda');
  await composer(a.page, channel).press('Enter');
  await expect(pending(a.page)).toHaveCount(0);

  // B sees it without reloading: the image in a 320x180 box before a byte of it has come, the PDF as a download.
  const sent = messages(b.page).getByRole('listitem').filter({ hasText: 'The venue, and the agenda' });
  const image = sent.getByRole('img', { name: 'venue.png' });
  await expect(image).toHaveAttribute('width', '320');
  await expect(image).toHaveAttribute('height', '180');
  expect(await image.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBe(0);
  expect(await image.boundingBox()).toMatchObject({ width: 320, height: 180 });
  const download = sent.getByRole('link', { name: /^Download agenda\.pdf \(/ });
  await expect(download).toHaveAttribute('download', 'agenda.pdf');
  await expect(sent.getByText('draft.pdf')).toHaveCount(0);
  releaseImages();
  await expect.poll(() => image.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBe(1280);
  expect(await image.boundingBox()).toMatchObject({ width: 320, height: 180 });

  // The file downloads under its name.
  const [file] = await Promise.all([b.page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('agenda.pdf');

  // A message may be attachments only.
  const chooserAgain = a.page.waitForEvent('filechooser');
  await a.page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooserAgain).setFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Bring a laptop.\n') }]);
  await expect(pending(a.page).getByRole('progressbar')).toHaveCount(0);
  await a.page.getByRole('button', { name: 'Send message' }).click();
  await expect(messages(b.page).getByRole('link', { name: /^Download notes\.txt \(/ })).toBeVisible();

  // Screenshots to look at: B's view of the message and A's box with a file waiting, 1280 and 390 px, light and dark.
  const chooserLast = a.page.waitForEvent('filechooser');
  await a.page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooserLast).setFiles([{ name: 'slides-final-version.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(pending(a.page).getByRole('progressbar')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    for (const page of [a.page, b.page])
      await page.evaluate(([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value), [
        STORAGE_KEYS.theme,
        theme,
      ] as const);
    for (const width of [1280, 390]) {
      await b.page.setViewportSize({ width, height: 800 });
      await openChannel(b.page, channel);
      const shown = messages(b.page).getByRole('img', { name: 'venue.png' });
      await expect.poll(() => shown.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBe(1280);
      await b.page.screenshot({ path: test.info().outputPath(`attachments-${width}-${theme}.png`) });
      await a.page.setViewportSize({ width, height: 800 });
      // A keeps the file waiting in the box: the theme is switched on the page, not by reloading it.
      await a.page.evaluate(
        (dark) =>
          (
            globalThis as unknown as { document: { documentElement: { classList: { toggle: (c: string, on: boolean) => void } } } }
          ).document.documentElement.classList.toggle('dark', dark),
        theme === 'dark',
      );
      await a.page.screenshot({ path: test.info().outputPath(`attachments-composer-${width}-${theme}.png`) });
    }
  }
});

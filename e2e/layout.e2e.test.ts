import { eventsRoutes, marketplaceRoutes, mediaRoutes, messagingRoutes } from '@commonwork/contracts';
import sharp from 'sharp';
import { expect, type Page, test } from './fixtures.ts';
import { apiAt, type BrowserGlobals, buildPerson, SIGNED_IN_SCREENS, signUpWithDevIssuer } from './helpers.ts';
import { layoutProblems } from './layout.ts';

/** The widths and themes every screen is checked at: a phone and a laptop, each in both themes. */
const VIEWS = [
  [390, 'light'],
  [390, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
] as const;

/**
 * Opens each path at each view and returns the layout problems found, by view and path (empty when
 * none). With E2E_SCREENSHOTS set, each screen is also saved there as a full-page picture to look at.
 */
async function checkScreens(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  // The theme is kept in the site's storage, which a blank page has none of.
  if (page.url() === 'about:blank') await page.goto('/');
  for (const [width, theme] of VIEWS) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate((value) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('theme', value), theme);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('#root'), path).not.toHaveAttribute('inert');
      // The screen's data has arrived (the live socket is not a request that keeps this waiting).
      await page.waitForLoadState('networkidle');
      const problems = await layoutProblems(page);
      if (problems.length > 0) found[`${width} ${theme} ${path}`] = problems;
      const folder = process.env.E2E_SCREENSHOTS;
      if (folder) await page.screenshot({ path: `${folder}/${width}-${theme}${path.replace(/[/?=]/g, '_')}.png`, fullPage: true });
    }
  }
  return found;
}

test('a visitor’s screens fit a phone and a laptop, without clipped text', async ({ page }) => {
  test.setTimeout(120_000);
  // /marketplace sends a visitor to the landing page's sign-in dialog.
  expect(await checkScreens(page, ['/', '/login', '/signup', '/marketplace'])).toEqual({});
  // The dialog names the sign-in methods it shows (not 'Sign in with Google' above a developer form only).
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome.getByRole('region', { name: 'Developer sign-in' })).toBeVisible();
  await expect(welcome).toContainText(/developer sign-in to continue\./);
});

test('every signed-in screen, those with an id too, fits a phone and a laptop, without clipped text', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signUpWithDevIssuer(page, buildPerson('layout'));
  const token = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('token'));
  const api = apiAt(baseURL, token);
  const [gig] = (await api.call(marketplaceRoutes.listGigs, { query: { limit: 1 } })).gigs;
  if (!gig) throw new Error('the demo data has no gig');
  // An event with a picture of a poster's shape (1200 × 630, its title written on it), as people upload them.
  const poster = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .png()
    .toBuffer();
  const file = new FormData();
  file.append('file', new Blob([new Uint8Array(poster)], { type: 'image/png' }), 'poster.png');
  const upload = await api.send(mediaRoutes.upload, { query: { type: 'event' }, body: file });
  expect(upload.status).toBe(201);
  const { url, public_id: publicId } = upload.at(201);
  const created = await api.send(eventsRoutes.createEvent, {
    body: {
      title: 'Rust Meetup: ownership, lifetimes and a small web server',
      description: 'Two hours of hands-on Rust for web developers.',
      category: 'meetup',
      date: '2030-05-10',
      time: '18:30',
      location: { type: 'online', meetingLink: 'https://meet.example.test/rust' },
      // Unlimited seats (the contract's type asks for the field the server reads as null when left out).
      maxAttendees: null,
      images: [{ url, publicId }],
    },
  });
  expect(created.status).toBe(201);
  const event = created.at(201).data;
  // A channel and a conversation of this person's, with names as long as people give them.
  const channel = await api.send(messagingRoutes.createChannel, {
    body: { name: 'Frontend performance and accessibility reviews', description: 'Weekly reviews of pull requests that touch the web app' },
  });
  expect(channel.status).toBe(201);
  const channelId = channel.at(201).data.id;
  const chat = await api.call(messagingRoutes.createChat, { body: { recipientId: gig.freelancer._id, gigId: gig.id } });
  const chatId = chat.data.id;
  await api.send(messagingRoutes.postChatMessage, {
    params: { chatId },
    body: { content: 'Hello! Is the offer still open for next week?' },
  });

  const screens = [
    ...SIGNED_IN_SCREENS,
    `/marketplace/${gig.id}`,
    `/events/${event.id}`,
    `/profile/${gig.freelancer._id}`,
    `/community?channel=${channelId}`,
    `/inbox/${chatId}`,
  ];
  expect(await checkScreens(page, screens)).toEqual({});
});

import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { buildPerson, collectPageErrors, signUpWithDevIssuer } from './helpers.ts';

// Issue 33's data export in Settings → Privacy → Your data, through the real gateway: the archive is
// asked for, prepared by every service, downloaded as a file, and holds the person.

test('Export my data prepares an archive, then Download saves it as JSON naming the person', async ({ page }) => {
  const errors = collectPageErrors(page);
  const person = buildPerson('export');
  await signUpWithDevIssuer(page, person);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();

  await section.getByRole('button', { name: 'Export my data' }).click();
  // Preparing may be too short to see; ready is what the person waits for.
  await expect(section.getByText(/Your archive is ready\. You can download it until /)).toBeVisible({ timeout: 30_000 });

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^commonwork-data-\d{4}-\d{2}-\d{2}\.json$/);
  const archive = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(archive.format).toBe('commonwork-personal-data');
  expect(archive.services.identity.profile).toMatchObject({ username: person.username, email: person.email });
  expect(JSON.stringify(archive)).toContain(person.username);
  expect(errors).toEqual([]);
});

import { expect, type Page, test } from './fixtures.ts';
import { buildPerson, SIGNED_IN_SCREENS, signUpWithDevIssuer } from './helpers.ts';

/**
 * Every control reachable with Tab and showing where the focus is (WCAG 2.2 AA 2.1.1, 2.4.7; issue 15).
 * The walk tabs through a screen, marks each element that takes the focus and checks it is drawn as
 * focused; then every visible control must have been reached. Inside a dialog the focus stays in it.
 */
test.describe.configure({ timeout: 180_000 });

const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Walk {
  /** Elements that took the focus without being drawn as focused. */
  unmarked: string[];
  /** Visible controls the walk never reached. */
  unreached: string[];
  /** How many distinct elements took the focus. */
  stops: number;
}

type Probe = {
  document: {
    activeElement: ProbeElement | null;
    body: ProbeElement;
    querySelector(selector: string): ProbeElement | null;
    querySelectorAll(selector: string): Iterable<ProbeElement>;
  };
  getComputedStyle(element: ProbeElement): { outlineStyle: string; outlineWidth: string; boxShadow: string };
};
type ProbeElement = {
  tagName: string;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  getAttribute(name: string): string | null;
  closest(selector: string): ProbeElement | null;
  checkVisibility(options?: object): boolean;
  type?: string;
  name?: string;
};

/**
 * Tabs until the focus comes back round to where it started (or leaves the page), marking each element
 * it lands on. An element met again before that (a date field's parts) counts once.
 */
async function walk(page: Page, within = 'body', limit = 400): Promise<Walk> {
  await page.evaluate(() => {
    const { document } = globalThis as unknown as Probe;
    for (const element of document.querySelectorAll('[data-kb]')) delete element.dataset.kb;
    const start = document.activeElement;
    if (start && start !== document.body) start.dataset.kb = 'start';
  });
  const unmarked: string[] = [];
  let stops = 0;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate(() => {
      const { document, getComputedStyle } = globalThis as unknown as Probe;
      const element = document.activeElement;
      if (!element || element === document.body) return { done: !!document.querySelector('[data-kb]') };
      if (element.dataset.kb === 'start') return { done: true };
      if (element.dataset.kb) return { done: false, again: true };
      element.dataset.kb = document.querySelector('[data-kb]') ? 'seen' : 'start';
      const style = getComputedStyle(element);
      const drawn =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || (style.boxShadow && style.boxShadow !== 'none');
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return { done: false, drawn, label: `${element.tagName.toLowerCase()} "${name}"` };
    });
    if (step.done) break;
    if (step.again) continue;
    stops++;
    if (!step.drawn) unmarked.push(step.label ?? '?');
  }
  const unreached = await page.evaluate(
    ({ selector, within }) => {
      const { document } = globalThis as unknown as Probe;
      const missed: string[] = [];
      const radioGroups = new Set<string>();
      for (const element of document.querySelectorAll(`${within} :is(${selector})`)) {
        if (element.dataset.kb || !element.checkVisibility({ visibilityProperty: true }) || element.closest('[inert]')) continue;
        // Taken out of the order on purpose, with a control that stands for it (a file input's button).
        if (element.getAttribute('tabindex') === '-1') continue;
        if (element.type === 'radio') {
          // Arrow keys move within a radio group; Tab stops once.
          radioGroups.add(element.name ?? '');
          continue;
        }
        const name = element.getAttribute('aria-label') ?? element.getAttribute('id') ?? element.textContent?.trim().slice(0, 40) ?? '';
        missed.push(`${element.tagName.toLowerCase()} "${name}"`);
      }
      for (const group of radioGroups) {
        const reached = [...document.querySelectorAll(`input[type="radio"][name="${group}"]`)].some((r) => r.dataset.kb);
        if (!reached) missed.push(`radio group "${group}"`);
      }
      return missed;
    },
    { selector: CONTROLS, within },
  );
  return { unmarked, unreached, stops };
}

async function settled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A pre-rendered page is inert until React has taken it over (web/src/main.tsx): Tab reaches nothing in
  // it, and under load the scripts may still be on their way after the network went quiet.
  await expect(page.locator('#root[inert]')).toHaveCount(0);
}

test('a visitor reaches every control of the public pages by keyboard and sees the focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const found: Record<string, Walk> = {};
  for (const path of ['/', '/login', '/signup']) {
    await settled(page, path);
    found[path] = await walk(page);
  }
  for (const [path, result] of Object.entries(found)) {
    expect(result.stops, path).toBeGreaterThan(2);
    expect({ path, unmarked: result.unmarked, unreached: result.unreached }).toEqual({ path, unmarked: [], unreached: [] });
  }
});

test('a signed-in person reaches every control of each screen by keyboard and sees the focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpWithDevIssuer(page, buildPerson('keys'));
  const problems: Record<string, Omit<Walk, 'stops'>> = {};
  for (const path of SIGNED_IN_SCREENS) {
    await settled(page, path);
    const result = await walk(page);
    expect(result.stops, path).toBeGreaterThan(5);
    if (result.unmarked.length || result.unreached.length) problems[path] = { unmarked: result.unmarked, unreached: result.unreached };
  }
  expect(problems).toEqual({});
});

test('the focus stays inside an open dialog and Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpWithDevIssuer(page, buildPerson('trap'));
  await settled(page, '/community');
  await page.getByRole('button', { name: 'Create Channel' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const inside = await walk(page, '[role="dialog"]', 60);
  expect(inside.unmarked).toEqual([]);
  expect(inside.unreached).toEqual([]);
  // After the last control, Tab goes back to the first one, not to the page behind.
  for (let i = 0; i < inside.stops + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains((globalThis as unknown as Probe).document.activeElement as never))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((node) => node.contains((globalThis as unknown as Probe).document.activeElement as never))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

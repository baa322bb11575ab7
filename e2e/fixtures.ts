import { type Browser, type BrowserContext, test as base, expect } from '@playwright/test';

export * from '@playwright/test';

/** The name the pages report a violation under (a binding of the browser context). */
const REPORT = '__cwCspViolation';

/** Runs in every document before its own scripts: each violation of the page's policy is reported. */
const LISTENER = `document.addEventListener('securitypolicyviolation', (event) => {
  window.${REPORT}(event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline') +
    (event.sourceFile ? ' at ' + event.sourceFile + ':' + event.lineNumber : '') + ' (' + event.disposition + ')');
});`;

const watched = new WeakSet<BrowserContext>();
/**
 * The violations of the test running now: one test at a time runs in a worker process, and a
 * context made in a `beforeAll` reports into the test that follows it.
 */
const violationsOfCurrentTest: string[] = [];

/** Records the Content-Security-Policy violations of every page `context` opens, once per context. */
async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(REPORT, ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`));
  await context.addInitScript({ content: LISTENER });
}

/**
 * Playwright's `test`, with every page of every browser context watched for violations of the page's
 * Content-Security-Policy (the gateway's, gateway/src/securityHeaders.ts): a test whose pages report
 * one fails after it ends. Contexts a test opens itself (`browser.newContext()`) are watched too.
 * Every e2e file takes `test` from here, not from '@playwright/test' (the lint's restricted import says so).
 */
export const test = base.extend<{ context: BrowserContext; cspViolations: string[] }, { cspWatchedBrowser: Browser }>({
  cspWatchedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watch(context, violationsOfCurrentTest);
        return context;
      };
      await use(browser);
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],
  cspViolations: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      await use(violationsOfCurrentTest);
      expect(violationsOfCurrentTest.splice(0), 'Content-Security-Policy violations reported by the pages').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watch(context, cspViolations);
    await use(context);
  },
});

import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
/** Screenshots are written here for a person to look at; nothing compares them automatically. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const LONG_QUERY =
  'how do i change the backup retention policy of virtual machines in a multi cluster deployment';
const LONG_WORD = 'snapshotreplicationschedulerconfigurationtroubleshooting'.repeat(2);
const FORMULA_QUERY = '=cmd|calc';

let browser: Browser;
let employee: BrowserContext;
let customer: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  const signedIn = await signInAs(browser, origin, 'employee', { provider: 'employee' });
  employee = signedIn.context;
  // Searches the report will count: a long query, one long word, one a spreadsheet would run.
  await signedIn.page.evaluate(
    async (queries) => {
      for (const q of queries) {
        const answer = await fetch(`/docs/search?q=${encodeURIComponent(q)}`);
        if (!answer.ok) throw new Error(`search answered ${answer.status}`);
      }
    },
    [LONG_QUERY, LONG_WORD, FORMULA_QUERY],
  );
  await signedIn.page.close();
  ({ context: customer } = await signInAs(browser, origin, 'customer'));
});
afterAll(async () => {
  await browser?.close();
});

const isFocused = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).evaluate((el) => el === document.activeElement);

/** Opens the analytics page at `width` and waits for its tables. */
async function openReport(width: number): Promise<Page> {
  const page = await employee.newPage();
  await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
  await page.goto(`${origin}/docs/analytics`);
  await page.getByRole('table', { name: 'Top queries' }).waitFor();
  return page;
}

describe('analytics page in the browser', () => {
  it('takes an employee from the header link, by keyboard, to the report tables and its CSV', async () => {
    const page = await employee.newPage();
    await page.goto(`${origin}/docs/ui/`);
    const link = page.getByRole('banner').getByRole('link', { name: 'Analytics', exact: true });
    await link.waitFor();
    for (let i = 0; i < 12 && !(await isFocused(page, 'Analytics')); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await isFocused(page, 'Analytics')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/analytics');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Search analytics');
    expect(await page.getByRole('link', { name: 'Back to the portal' }).getAttribute('href')).toBe(
      '/docs/ui/',
    );
    for (const name of ['Top queries', 'Queries that found nothing', 'Click-through by rank']) {
      expect(await page.getByRole('table', { name }).isVisible(), name).toBe(true);
    }
    const top = page.getByRole('table', { name: 'Top queries' });
    expect(await top.getByRole('cell', { name: LONG_QUERY }).isVisible()).toBe(true);
    expect(await top.getByRole('cell', { name: FORMULA_QUERY }).isVisible()).toBe(true);
    expect(await top.locator(`span[title="${LONG_WORD}"]`).count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^search-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(`Top queries,${LONG_QUERY},`);
    expect(csv).toContain(`Top queries,'${FORMULA_QUERY},`);
    expect(csv).not.toMatch(/,=cmd/);
    await page.close();
  });

  it('shows the period chosen, and says which date to fix when the end is before the start', async () => {
    const page = await openReport(1280);
    await page.getByLabel('From', { exact: true }).fill('2025-03-10');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.search.includes('from=2025-03-10'));
    expect(await page.getByRole('alert').innerText()).toBe(
      'The end date is before the start date.',
    );
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('To', { exact: true }).fill('2025-03-12');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('table', { name: 'Top queries' }).waitFor();
    expect(await page.getByText('From 2025-03-10 to 2025-03-12').isVisible()).toBe(true);
    await page.close();
  });

  it('shows a customer no Analytics link and the 404 page at its address', async () => {
    const page = await customer.newPage();
    await page.goto(`${origin}/docs/ui/`);
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Logout' }).waitFor();
    expect(await banner.getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    for (const path of ['/docs/analytics', '/docs/analytics/report.csv']) {
      const answer = await page.goto(origin + path);
      expect(answer?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText(), path).toBe(
        'Page not found',
      );
    }
    await page.close();
  });

  for (const width of [1280, 390]) {
    it(`has no WCAG 2.1 AA violations and no page-wide sideways scroll at ${width}px`, async () => {
      const page = await openReport(width);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/docs-portal-analytics-${width}.png`,
        fullPage: true,
      });
      expect(await checkAccessibility(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
      // Every table region can take keyboard focus, so a table wider than a phone still scrolls.
      const regions = page.getByRole('region');
      expect(await regions.count()).toBe(5);
      for (const region of await regions.all()) {
        expect(await region.getAttribute('tabindex')).toBe('0');
      }
      await page.goto(`${origin}/docs/ui/`);
      const link = page.getByRole('banner').getByRole('link', { name: 'Analytics', exact: true });
      await link.waitFor();
      expect(await link.isVisible()).toBe(true);
      await page.getByRole('banner').screenshot({
        path: `${SCREENSHOT_DIR}/docs-portal-analytics-header-${width}.png`,
      });
      await page.close();
    });
  }
});

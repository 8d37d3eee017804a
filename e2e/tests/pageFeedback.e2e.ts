import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const PAGE = '/docs/WebHelios/Content/Helios/Dashboard.htm';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const control = (page: Page) => page.getByRole('group', { name: 'Was this page helpful?' });
const status = (page: Page) => page.locator('[data-docs-portal="feedback"]').getByRole('status');

/** The employees' gap list as JSON, through the signed-in employee's page. */
async function gaps(page: Page): Promise<{ kind: string; subject: string; samples: string[] }[]> {
  const answer = await page.request.get(`${origin}/docs/analytics/gaps`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { gaps: { kind: string; subject: string; samples: string[] }[] })
    .gaps;
}

describe('"Was this page helpful?" on doc pages', () => {
  it('takes a "no" with a reason and a comment by keyboard only, and employees see it escaped', async () => {
    const { context, page } = await signInAs(browser, origin, 'partner', { startPath: PAGE });
    await page.waitForURL((url) => url.pathname.endsWith('Dashboard.htm'));
    await control(page).getByRole('button', { name: 'No' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Why the page was not helpful' });
    await form.waitFor();
    // Focus is on the first reason; the arrow keys move through them.
    await page.keyboard.press('ArrowDown');
    expect(await form.getByRole('radio', { name: 'Outdated' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Cards & "filters" moved > settings');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page).textContent()).toBe('Thank you for your feedback.');
    expect(await control(page).isVisible()).toBe(false);
    await context.close();

    const employee = await signInAs(browser, origin, 'employee', {
      provider: 'employee',
      startPath: '/docs/analytics',
    });
    await employee.page.goto(`${origin}/docs/analytics`);
    const table = employee.page.getByRole('table', {
      name: 'Was this page helpful? Answers, newest first',
    });
    const row = table.getByRole('row').filter({ hasText: 'Cards & "filters" moved > settings' });
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('Outdated');
    expect(await row.innerText()).toContain('partner');
    const listed = await gaps(employee.page);
    expect(listed).toContainEqual(
      expect.objectContaining({
        kind: 'negative-feedback',
        subject: 'Content/Helios/Dashboard.htm',
      }),
    );
    await employee.context.close();
  });

  it('takes a "yes" with the mouse, and says why a comment with markup is refused', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', { startPath: PAGE });
    await page.waitForURL((url) => url.pathname.endsWith('Dashboard.htm'));
    await control(page).getByRole('button', { name: 'No' }).click();
    const form = page.getByRole('form', { name: 'Why the page was not helpful' });
    await form.getByRole('radio', { name: 'Other' }).click();
    await form.getByRole('textbox').fill('see <script>alert(1)</script>');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => status(page).textContent())
      .toBe('comment: must be plain text without markup such as <tags>');
    expect(await form.isVisible()).toBe(true);
    await control(page).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Thank you for your feedback.');
    await context.close();
  });

  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`has no WCAG 2.1 AA violations, ${scheme} at ${width} px`, async () => {
        const { context, page } = await signInAs(browser, origin, 'customer', {
          startPath: PAGE,
          width,
        });
        await page.waitForURL((url) => url.pathname.endsWith('Dashboard.htm'));
        await page.emulateMedia({ colorScheme: scheme });
        await control(page).getByRole('button', { name: 'No' }).click();
        const host = page.locator('[data-docs-portal="feedback"]');
        await host.scrollIntoViewIfNeeded();
        await host.screenshot({
          path: `${SCREENSHOT_DIR}/docs-portal-feedback-${scheme}-${width}.png`,
        });
        expect(await checkAccessibility(page)).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('landings on missing sections and pages', () => {
  it('reaches the employees gap list from a renamed section and a removed page', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: `${PAGE}#old-dashboard-cards`,
    });
    await page.waitForURL((url) => url.pathname.endsWith('Dashboard.htm'));
    const missing = await page.goto(`${origin}/docs/WebHelios/Content/Helios/Removed-page.htm`);
    expect(missing?.status()).toBe(404);
    await context.close();
    const employee = await signInAs(browser, origin, 'employee', { provider: 'employee' });
    await expect
      .poll(async () => (await gaps(employee.page)).map((g) => `${g.kind} ${g.subject}`), {
        timeout: 10_000,
      })
      .toEqual(
        expect.arrayContaining([
          'missing-anchor Content/Helios/Dashboard.htm#old-dashboard-cards',
          'missing-page Content/Helios/Removed-page.htm',
        ]),
      );
    await employee.page.goto(`${origin}/docs/analytics`);
    const table = employee.page.getByRole('table', { name: 'Content gaps, most frequent first' });
    expect(await table.innerText()).toContain('Landing on a missing section');
    for (const [width, scheme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      await employee.page.setViewportSize({ width, height: 900 });
      await employee.page.emulateMedia({ colorScheme: scheme });
      await employee.page.screenshot({
        path: `${SCREENSHOT_DIR}/docs-portal-gaps-${scheme}-${width}.png`,
        fullPage: true,
      });
      expect(await checkAccessibility(employee.page)).toEqual([]);
    }
    await employee.context.close();
  });
});

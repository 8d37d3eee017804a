import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
/** Screenshots are written here for a person to look at; nothing compares them automatically. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
let browser: Browser;
let customer: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: customer } = await signInAs(browser, origin, 'customer'));
});
afterAll(async () => {
  await browser?.close();
});

describe('error pages in the browser', () => {
  it('shows a missing page as a portal page with the header, prefilled search and a way home', async () => {
    const page = await customer.newPage();
    const answer = await page.goto(`${origin}/docs/WebHelios/Content/Helios/RestoreVM.htm`);
    expect(answer?.status()).toBe(404);
    expect(await page.locator('body').innerText()).not.toContain('"code"');
    await expect.poll(() => page.title()).toBe('Page not found · Acme Documentation');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    expect(await page.getByRole('banner').getByRole('link').innerText()).toBe('Acme Documentation');
    const box = page.getByRole('searchbox', { name: 'Search the documentation' });
    expect(await box.inputValue()).toBe('Helios Restore VM');
    expect(
      await page.getByRole('link', { name: 'Go to the portal home page' }).getAttribute('href'),
    ).toBe('/docs/ui/');
    await page.close();
  });

  it('shows an employee-only doc set to a customer as the same 404 page', async () => {
    const page = await customer.newPage();
    const answer = await page.goto(`${origin}/docs/Internal/SupportRunbooks/Default.htm`);
    expect(answer?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    expect(await page.content()).not.toContain('Support Engineering Runbooks');
    await page.close();
  });

  it('searches the missing words in the web app with the keyboard only', async () => {
    const page = await customer.newPage();
    await page.goto(`${origin}/docs/WebHelios/Content/Helios/RestoreVM.htm`);
    const box = page.getByRole('searchbox', { name: 'Search the documentation' });
    for (let i = 0; i < 6 && !(await box.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/docs/ui/search/'));
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(
      '/docs/ui/search/Helios Restore VM',
    );
    await page.close();
  });

  it('keeps JSON for API calls made by the page', async () => {
    const page = await customer.newPage();
    await page.goto(`${origin}/docs/ui/`);
    const body = await page.evaluate(async () => {
      const res = await fetch('/docs/WebHelios/Content/Helios/RestoreVM.htm');
      return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
    });
    expect(body).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      body: { code: 'not_found', message: 'There is no page at this address.' },
    });
    await page.close();
  });

  for (const width of [1280, 390]) {
    it(`has no WCAG 2.1 AA violations on the 404 page at ${width}px`, async () => {
      const page = await customer.newPage();
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.goto(`${origin}/docs/no/such/Backup-Policies.htm`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/docs-portal-404-${width}.png`,
        fullPage: true,
      });
      expect(await checkAccessibility(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
      await page.close();
    });
  }
});

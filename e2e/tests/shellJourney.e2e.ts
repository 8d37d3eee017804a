import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser, newReader } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
/** Screenshots are written here for a person to look at; nothing compares them automatically. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
let browser: Browser;
let customer: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: customer } = await signInAs(browser, origin, 'customer'));
});
afterAll(async () => {
  await browser?.close();
});

async function openHome(size = DESKTOP): Promise<Page> {
  const page = await customer.newPage();
  await page.setViewportSize(size);
  await page.goto(`${origin}/docs/ui/`);
  await page
    .getByRole('region', { name: 'Your documentation' })
    .getByRole('link')
    .first()
    .waitFor();
  return page;
}

/** Presses Tab until `locator`'s element has focus (at most `limit` presses). */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('the home page', () => {
  it('lists the doc sets the reader may open with product and version, most opened and recent releases', async () => {
    const page = await openHome();
    const docSets = page.getByRole('region', { name: 'Your documentation' });
    const text = await docSets.innerText();
    expect(text).toContain('Helios');
    expect(text).toMatch(/Version \d/);
    expect(text).not.toContain('Support Engineering Runbooks');
    expect(await page.getByRole('region', { name: 'Most opened this month' }).isVisible()).toBe(
      true,
    );
    const recent = page.getByRole('region', { name: 'Recently published' });
    expect(await recent.locator('time').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('Home · Acme Documentation');
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/docs-portal-journey-home-1280.png`,
      fullPage: true,
    });
    await page.close();
  });

  for (const size of [DESKTOP, PHONE]) {
    it(`has no WCAG 2.1 AA violations on the home and sign-in pages at ${size.width}px`, async () => {
      const page = await openHome(size);
      if (size === PHONE) {
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/docs-portal-journey-home-390.png`,
          fullPage: true,
        });
      }
      expect(await checkAccessibility(page)).toEqual([]);
      await page.close();
      const { context, page: login } = await newReader(browser, { width: size.width });
      await login.setViewportSize(size);
      await login.goto(`${origin}/docs/ui/login`);
      await login.getByRole('button', { name: 'Click to sign in' }).waitFor();
      expect(await login.title()).toBe('Sign in · Acme Documentation');
      expect(await checkAccessibility(login)).toEqual([]);
      await context.close();
    });
  }
});

describe('the link panel', () => {
  it('keeps one height across tabs and collapses and expands with the keyboard on desktop', async () => {
    const page = await openHome();
    const nav = page.getByRole('navigation', { name: 'Product links' });
    const heights: number[] = [];
    for (const name of ['Data Platform', 'Helios', 'Cloud Services', 'Insights']) {
      await nav.getByRole('tab', { name }).click();
      heights.push((await nav.boundingBox())?.height ?? 0);
    }
    expect(new Set(heights).size).toBe(1);
    await nav.getByRole('tab', { name: 'Data Platform' }).click();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/docs-portal-journey-panel-open-1280.png` });
    await tabTo(page, '.link-panel-collapse');
    await page.keyboard.press('Enter');
    const toggle = nav.getByRole('button', { name: 'Show links' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/docs-portal-journey-panel-closed-1280.png` });
    await page.reload();
    const stillClosed = page.getByRole('button', { name: 'Show links' });
    await stillClosed.waitFor();
    await stillClosed.focus();
    await page.keyboard.press('Enter');
    expect(
      await nav.getByRole('button', { name: 'Hide links' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await nav.getByRole('link').first().isVisible()).toBe(true);
    await page.close();
  });

  it('shows that the tab strip scrolls when it is too narrow for its tabs', async () => {
    const page = await openHome({ width: 700, height: 800 });
    await page.evaluate(() => {
      const tabs = document.querySelector<HTMLElement>('.link-panel-tabs');
      if (tabs) tabs.style.maxWidth = '220px';
    });
    const strip = page.locator('.link-panel-strip');
    await expect.poll(() => strip.getAttribute('data-overflow-end')).toBe('true');
    expect(await page.locator('.link-panel-scroll-end').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Insights' }).focus();
    await page.keyboard.press('End');
    await expect.poll(() => strip.getAttribute('data-overflow-start')).toBe('true');
    await page.close();
  });

  it('becomes a closed "Products" menu on phones, opened and used with the keyboard', async () => {
    const page = await openHome(PHONE);
    const nav = page.getByRole('navigation', { name: 'Product links' });
    const menu = nav.getByRole('button', { name: /Products/ });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('tab').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/docs-portal-journey-panel-phone-closed.png` });
    await tabTo(page, '.link-panel-menu-button');
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const selected = nav.getByRole('tab', { selected: true });
    expect(await selected.innerText()).toBe('Data Platform');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await nav.getByRole('tab', { selected: true }).innerText()).toBe('Helios');
    expect(await nav.getByRole('tabpanel').count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/docs-portal-journey-panel-phone-open.png` });
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await page.close();
  });
});

describe('failure states', () => {
  it('says when the product links fail and brings them back on Retry', async () => {
    const page = await customer.newPage();
    await page.route('**/docs/environment', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":"unavailable","message":"x"}',
      }),
    );
    await page.goto(`${origin}/docs/ui/`);
    const alert = page.getByRole('banner').getByRole('alert');
    expect(await alert.innerText()).toContain('The product links could not be loaded.');
    await page.unroute('**/docs/environment');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('tab', { name: 'Data Platform' }).waitFor();
    expect(await page.getByRole('banner').getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('says when the account details fail, keeps the page, and shows the name after Retry', async () => {
    const page = await customer.newPage();
    await page.route('**/docs/user', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"internal","message":"x"}',
      }),
    );
    await page.goto(`${origin}/docs/ui/`);
    const alert = page.getByRole('banner').getByRole('alert');
    expect(await alert.innerText()).toContain('Your account details could not be loaded.');
    await page.unroute('**/docs/user');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('link', { name: 'Logout' }).waitFor();
    await page.close();
  });

  it('fires no API call but the user check for a signed-out reader', async () => {
    const { context, page } = await newReader(browser);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/docs/ui/')) calls.push(path);
    });
    await page.goto(`${origin}/docs/ui/`);
    await page.getByRole('button', { name: 'Click to sign in' }).waitFor();
    expect(calls).toEqual(['/docs/user']);
    await context.close();
  });
});

describe('titles, focus and the sign-in page', () => {
  it('names the search page by its query', async () => {
    const page = await customer.newPage();
    await page.goto(`${origin}/docs/ui/search/restore%20a%20VM`);
    await expect.poll(() => page.title()).toBe('Search: restore a VM · Acme Documentation');
    await page.close();
  });

  it('sends a signed-in reader who opens the sign-in page on to the portal', async () => {
    const page = await customer.newPage();
    await page.goto(`${origin}/docs/ui/login`);
    await page.waitForURL(`${origin}/docs/ui/`);
    await page.getByRole('banner').waitFor();
    await page.close();
  });

  it('puts focus back on the sign-in button when the 15 s spinner ends', async () => {
    const { context, page } = await newReader(browser);
    await page.clock.install();
    // The single sign-on start answers 204, so the browser stays on the page as with a slow provider.
    await page.route('**/docs/auth/salesforce**', (route) => route.fulfill({ status: 204 }));
    await page.goto(`${origin}/docs/ui/login`);
    const button = page.getByRole('button', { name: 'Click to sign in' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Signing in, please wait...').waitFor();
    await page.clock.fastForward(15_000);
    await button.waitFor();
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});

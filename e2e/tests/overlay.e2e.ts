import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const overlayFrame = (page: Page) => page.frameLocator('iframe[title="Search the documentation"]');
const searchBox = (page: Page) =>
  overlayFrame(page).getByRole('combobox', { name: 'Search the documentation' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the documentation' });
const options = (page: Page) => overlayFrame(page).locator('#sc-results [role="option"]');

/** Where the keyboard focus is, looking into shadow roots and the overlay's frame. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    for (;;) {
      if (active?.shadowRoot?.activeElement) {
        active = active.shadowRoot.activeElement;
      } else if (active instanceof HTMLIFrameElement && active.contentDocument?.activeElement) {
        active = active.contentDocument.activeElement;
      } else break;
    }
    return active ? `${active.tagName}:${active.textContent?.trim() ?? ''}:${active.id}` : '';
  });
}

describe('the search overlay on portal pages', () => {
  it('opens with / on the home page, searches as the reader types, and Esc closes it', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer');
    await page.getByRole('tab', { name: 'Data Platform' }).waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toContain('sc-q');
    await page.keyboard.type('replication', { delay: 80 });
    await expect.poll(() => options(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(
      dialog(page)
        .getByRole('link', { name: /See all results/ })
        .getAttribute('href'),
    ).resolves.toBe('/docs/ui/search/replication');
    expect(
      await page
        .getByText(/to close/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/docs/ui/');
    await context.close();
  });

  it('opens with Ctrl+K after a click in the header, gives focus back on Esc, and Enter opens a result', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer');
    const tab = page.getByRole('tab', { name: 'Helios' });
    await tab.click();
    await page.keyboard.press('Control+k');
    await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toContain('sc-q');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    await expect.poll(() => focusedElement(page)).toContain('Helios');

    await page.keyboard.press('Control+k');
    await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toContain('sc-q');
    await page.keyboard.type('recover vm', { delay: 80 });
    await expect.poll(() => options(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith('.htm'), { timeout: 15_000 });
    const landed = new URL(page.url());
    expect(landed.pathname.startsWith('/docs/')).toBe(true);
    expect(landed.searchParams.get('Highlight')).toBeTruthy();
    // The doc page knows where the reader came from.
    const bar = page.getByRole('navigation', { name: 'Documentation portal' });
    await expect
      .poll(() => bar.getByRole('link', { name: /Back to results for ‘recover vm’/ }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await bar.getByRole('link', { name: /Back to results/ }).getAttribute('href')).toBe(
      '/docs/ui/search/recover%20vm',
    );
    await context.close();
  });

  it('keeps recent searches in the browser, runs one again, and clears them', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer');
    await page.getByRole('tab', { name: 'Data Platform' }).waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toContain('sc-q');
    await page.keyboard.type('backup', { delay: 80 });
    await expect.poll(() => options(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Enter with no result chosen: the full list on the search route.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/ui/search/backup', { timeout: 15_000 });
    await page.goto(`${origin}/docs/ui/`);
    await page.getByRole('tab', { name: 'Data Platform' }).waitFor();
    await page.keyboard.press('/');
    const recent = dialog(page).getByRole('region', { name: 'Recent searches' });
    await expect
      .poll(() => recent.getByRole('button', { name: 'backup' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    // A recent search answers Enter like any button.
    await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toContain('sc-q');
    await recent.getByRole('button', { name: 'backup' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => searchBox(page).inputValue(), { timeout: 10_000 }).toBe('backup');
    await expect.poll(() => options(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await expect.poll(() => recent.isVisible()).toBe(true);
    await recent.getByRole('button', { name: 'Clear recent searches' }).click();
    await expect.poll(() => recent.isVisible()).toBe(false);
    expect(
      await page.evaluate(() => localStorage.getItem('docs-portal:recent-searches')),
    ).toBeNull();
    await context.close();
  });

  it('on the search route, / after a click in the header goes to the page’s own search box', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/ui/search/',
    });
    const pageFrame = page.frameLocator('iframe[title="Documentation search"]');
    await pageFrame.getByRole('combobox').waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Helios' }).click();
    await page.keyboard.press('/');
    await expect
      .poll(() => pageFrame.getByRole('combobox').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await dialog(page).count()).toBe(0);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`has no accessibility violations with results shown at ${width} px`, async () => {
      const { context, page } = await signInAs(browser, origin, 'customer', { width });
      // The shell is up once the header shows the reader (tabs are a menu on phones).
      await page.getByRole('link', { name: 'Logout' }).waitFor();
      await page.keyboard.press('Control+k');
      await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toContain('sc-q');
      await page.keyboard.type('recover vm', { delay: 80 });
      await expect.poll(() => options(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await checkAccessibility(page)).toEqual([]);
      await context.close();
    });
  }
});

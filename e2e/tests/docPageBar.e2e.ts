import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { REPO_ROOT, startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

const origin = inject('portalOrigin');
let browser: Browser;
/** A portal that also serves pages of other generators' skins (e2e/fixtures/foreign-skins). */
let foreign: PortalProcess | undefined;

const LANDED =
  '/docs/6_5/Web/UserGuide/Content/Recovery/VMRecovery.htm?Highlight=recover%20vm#full-restore';

function configWithForeignSkins(dataDir: string): string {
  const docSet = [
    '  - id: foreign-skins',
    '    mount: Foreign',
    `    folder: ${REPO_ROOT}/e2e/fixtures/foreign-skins`,
    '    title: Other generators',
    '    product: Data Platform',
    '    version: current',
    '    docType: User Guide',
    '    defaultPage: sphinx.html',
  ].join('\n');
  return readFileSync(path.join(REPO_ROOT, 'portal.config.yaml'), 'utf8')
    .replace(/folder: content\//g, `folder: ${REPO_ROOT}/content/`)
    .replace(/^dataDir: .*$/m, `dataDir: ${dataDir}`)
    .replace(/^docSets:\n/m, `docSets:\n${docSet}\n`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  foreign = await startPortalProcess({
    configYaml: configWithForeignSkins(mkdtempSync(path.join(tmpdir(), 'e2e-foreign-'))),
  });
});
afterAll(async () => {
  await browser?.close();
  await foreign?.stop();
});

const bar = (page: Page) => page.getByRole('navigation', { name: 'Documentation portal' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the documentation' });
const marks = (page: Page) => page.locator('mark.docs-portal-highlight');

/** Text colour and background of every mark, as the browser paints them. */
function markColours(page: Page): Promise<{ text: string; color: string; background: string }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('mark.docs-portal-highlight')).map((mark) => {
      const style = getComputedStyle(mark);
      return {
        text: mark.textContent ?? '',
        color: style.color,
        background: style.backgroundColor,
      };
    }),
  );
}

describe('a doc page opened from search', () => {
  for (const width of [1280, 390]) {
    it(`marks whole terms readably, even in dark code blocks, with no axe violations at ${width} px`, async () => {
      const { context, page } = await signInAs(browser, origin, 'customer', {
        startPath: LANDED,
        width,
      });
      await page.waitForURL((url) => url.pathname.endsWith('VMRecovery.htm'));
      await expect.poll(() => marks(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const colours = await markColours(page);
      expect(colours.map((c) => c.text.toLowerCase())).not.toContain('vmware');
      expect(new Set(colours.map((c) => `${c.color} on ${c.background}`))).toEqual(
        new Set(['rgb(27, 27, 27) on rgb(255, 228, 107)']),
      );
      expect(await page.locator('pre mark.docs-portal-highlight').count()).toBeGreaterThan(0);
      // The target heading lands with room above it, not flush under the top edge.
      const top = await page
        .locator('#full-restore')
        .evaluate((h) => h.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(16);
      expect(top).toBeLessThan(80);
      expect(await checkAccessibility(page)).toEqual([]);
      await context.close();
    });
  }

  it('hides the highlights on request and drops them from the address', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', { startPath: LANDED });
    await page.waitForURL((url) => url.pathname.endsWith('VMRecovery.htm'));
    await expect.poll(() => marks(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const text = await page.locator('pre').first().textContent();
    await bar(page).getByRole('button', { name: 'Hide highlights' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => marks(page).count()).toBe(0);
    expect(await page.locator('pre').first().textContent()).toBe(text);
    expect(new URL(page.url()).searchParams.has('Highlight')).toBe(false);
    expect(new URL(page.url()).hash).toBe('#full-restore');
    expect(await bar(page).getByRole('button', { name: 'Hide highlights' }).count()).toBe(0);
    await page.reload();
    await bar(page).waitFor();
    expect(await marks(page).count()).toBe(0);
    await context.close();
  });
});

describe('the portal bar on doc pages', () => {
  it('links back to the portal and opens the overlay from its search box, / and Ctrl+K', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/WebHelios/Content/Helios/Dashboard.htm',
    });
    await page.waitForURL((url) => url.pathname.endsWith('Dashboard.htm'));
    expect(
      await bar(page).getByRole('link', { name: 'Documentation portal' }).getAttribute('href'),
    ).toBe('/docs/ui/');
    expect(
      await bar(page)
        .getByRole('link', { name: /Back to results/ })
        .count(),
    ).toBe(0);
    await page.keyboard.press('/');
    await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    await bar(page)
      .getByRole('button', { name: /Search the documentation/ })
      .click();
    await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true);
    const frame = page.frameLocator('iframe[title="Search the documentation"]');
    await expect
      .poll(() => frame.getByRole('combobox').evaluate((el) => el === document.activeElement), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    // Focus goes back to the bar's search box.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.className ?? ''),
      )
      .toBe('search');
    await context.close();
  });

  it('keeps / and Ctrl+K working after Esc closes the overlay from inside its client', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/WebHelios/Content/Helios/Dashboard.htm',
    });
    await page.waitForURL((url) => url.pathname.endsWith('Dashboard.htm'));
    const frame = page.frameLocator('iframe[title="Search the documentation"]');
    const clientFocused = () =>
      frame.getByRole('combobox').evaluate((el) => el === document.activeElement);
    for (const key of ['/', 'Control+k', 'Control+k', '/']) {
      await page.keyboard.press(key);
      await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(clientFocused, { timeout: 10_000 }).toBe(true);
      // Esc inside the client (where the focus is) closes the overlay.
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).isVisible()).toBe(false);
    }
    await context.close();
  });

  it('offers the way back to the results when the reader came from the search page', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/ui/search/recover%20vm',
    });
    const frame = page.frameLocator('iframe[title="Documentation search"]');
    const first = frame.locator('#sc-results [role="option"]').first();
    await first.waitFor({ timeout: 15_000 });
    await first.click();
    await page.waitForURL((url) => url.pathname.endsWith('.htm'), { timeout: 15_000 });
    const back = bar(page).getByRole('link', { name: 'Back to results for ‘recover vm’' });
    await back.waitFor({ timeout: 10_000 });
    await back.click();
    await page.waitForURL((url) => url.pathname === '/docs/ui/search/recover%20vm');
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`sits on a Sphinx page without breaking its layout or scripts at ${width} px`, async () => {
      const server = foreign?.origin ?? '';
      const { context, page } = await signInAs(browser, server, 'customer', {
        startPath: '/docs/Foreign/sphinx.html?Highlight=vm#create-a-policy',
        width,
      });
      await page.waitForURL((url) => url.pathname.endsWith('sphinx.html'));
      await bar(page).waitFor();
      expect(await page.getAttribute('html', 'data-skin-script')).toBe('ran');
      // The skin's fixed side bar starts below the portal bar rather than covering it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const barBox = await page.locator('[data-docs-portal="portal-bar"]').boundingBox();
      const navBox = await page.locator('.wy-nav-side').boundingBox();
      expect(barBox?.y).toBe(0);
      if (width === 1280) expect(navBox?.y).toBeGreaterThanOrEqual((barBox?.height ?? 0) - 1);
      expect(await page.locator('.highlight pre mark').allTextContents()).toEqual(['vm']);
      expect(await page.locator('p mark').allTextContents()).toEqual(['VM', 'VM']);
      // The portal's "/" opens search; the skin's own "/" handler does not also fire.
      await page.keyboard.press('/');
      await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.getAttribute('html', 'data-skin-slash')).toBeNull();
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).isVisible()).toBe(false);
      expect(await checkAccessibility(page)).toEqual([]);
      await context.close();
    });
  }

  it('sits on a DocBook page and marks terms readably in its program listing', async () => {
    const server = foreign?.origin ?? '';
    const { context, page } = await signInAs(browser, server, 'customer', {
      startPath: '/docs/Foreign/docbook.html?Highlight=vm%20restore#restore-steps',
    });
    await page.waitForURL((url) => url.pathname.endsWith('docbook.html'));
    await bar(page).waitFor();
    expect(await page.locator('pre.programlisting mark').allTextContents()).toEqual([
      'restore',
      'vm',
    ]);
    const colours = await markColours(page);
    expect(colours.every((c) => c.color === 'rgb(27, 27, 27)')).toBe(true);
    expect(await page.locator('.navheader table').isVisible()).toBe(true);
    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});

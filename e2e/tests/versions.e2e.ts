import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { REPO_ROOT, startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

/** Where the screenshots of the version controls go (looked at by people, not compared). */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();

/** Vault 1.0 and 2.0 for everyone, 3.0 for employees (e2e/fixtures/versions). */
function configWithVault(dataDir: string): string {
  const vault = ['1.0', '2.0', '3.0'].map((version) =>
    [
      `  - id: vault-${version.replace('.', '-')}`,
      `    mount: Vault/${version.replace('.', '_')}`,
      `    folder: ${REPO_ROOT}/e2e/fixtures/versions/${version}`,
      `    title: Vault ${version} Guide`,
      '    product: Vault',
      `    version: '${version}'`,
      '    docType: User Guide',
      '    defaultPage: Default.htm',
      ...(version === '3.0' ? ['    audience: [employee]'] : []),
    ].join('\n'),
  );
  return readFileSync(path.join(REPO_ROOT, 'portal.config.yaml'), 'utf8')
    .replace(/folder: content\//g, `folder: ${REPO_ROOT}/content/`)
    .replace(/^dataDir: .*$/m, `dataDir: ${dataDir}`)
    .replace(/^docSets:\n/m, `docSets:\n${vault.join('\n')}\n`);
}

let browser: Browser;
let portal: PortalProcess;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortalProcess({
    configYaml: configWithVault(mkdtempSync(path.join(tmpdir(), 'e2e-versions-'))),
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const bar = (page: Page) => page.getByRole('navigation', { name: 'Documentation portal' });
const banner = (page: Page) => page.getByRole('region', { name: 'Older version' });

/** Opens the version switcher of the portal bar and follows the link of `version`. */
async function switchTo(page: Page, version: string): Promise<void> {
  await bar(page).locator('summary').click();
  await bar(page)
    .getByRole('link', { name: new RegExp(`^${version.replace('.', '\\.')}( \\(newest\\))?$`) })
    .click();
}

describe('the version switcher of doc pages', () => {
  it('lists the versions the reader may read and lands on the same section in the chosen one', async () => {
    const { context, page } = await signInAs(browser, portal.origin, 'customer', {
      startPath: '/docs/Vault/1_0/Content/Keys.htm#revoke',
    });
    await page.waitForURL((url) => url.pathname.endsWith('/Vault/1_0/Content/Keys.htm'));
    await expect.poll(() => bar(page).locator('summary').textContent()).toBe('Version 1.0');
    await bar(page).locator('summary').click();
    const links = bar(page).locator('.versions a');
    expect(await links.allTextContents()).toEqual(['2.0 (newest)', '1.0']);
    await page.locator('h1').click();
    await expect.poll(() => links.first().isVisible()).toBe(false);
    await bar(page).locator('summary').click();
    await bar(page).getByRole('link', { name: '2.0 (newest)' }).click();
    await page.waitForURL((url) => url.pathname === '/docs/Vault/2_0/Content/Keys.htm');
    expect(new URL(page.url()).hash).toBe('#revoke');
    await expect
      .poll(() => page.locator('h2#revoke').evaluate((h) => h.getBoundingClientRect().top))
      .toBeLessThan(200);
    expect(
      await page.locator('h2#revoke').evaluate((h) => h.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(-1);
    expect(await page.locator('main').textContent()).toContain('Vault 2.0');
    // 2.0 is the newest a customer may read: no banner, and 3.0 appears nowhere.
    await expect.poll(() => bar(page).locator('summary').textContent()).toBe('Version 2.0');
    expect(await banner(page).count()).toBe(0);
    await bar(page).locator('summary').click();
    expect(await bar(page).locator('.versions a').allTextContents()).toEqual([
      '2.0 (newest)',
      '1.0',
    ]);
    await context.close();
  });

  it('lands on the page with the same title, or on the version home, never on a 404', async () => {
    const { context, page } = await signInAs(browser, portal.origin, 'customer', {
      startPath: '/docs/Vault/1_0/Content/Throttle.htm',
    });
    await page.waitForURL((url) => url.pathname.endsWith('/Throttle.htm'));
    await switchTo(page, '2.0');
    await page.waitForURL((url) => url.pathname === '/docs/Vault/2_0/Content/Network/Limits.htm');
    expect(await page.locator('h1').textContent()).toBe('Bandwidth limits');
    const gone = await page.goto(`${portal.origin}/docs/Vault/1_0/Content/Tape.htm`);
    expect(gone?.status()).toBe(200);
    await switchTo(page, '2.0');
    await page.waitForURL((url) => url.pathname === '/docs/Vault/2_0/');
    expect(await page.locator('h1').textContent()).toBe('Vault 2.0 guide');
    await context.close();
  });
});

describe('the older-version banner', () => {
  it('links to the same page in the newest version the reader may read and stays dismissed', async () => {
    const { context, page } = await signInAs(browser, portal.origin, 'customer', {
      startPath: '/docs/Vault/1_0/Content/Keys.htm#rotate',
    });
    await page.waitForURL((url) => url.pathname.endsWith('/Vault/1_0/Content/Keys.htm'));
    await banner(page).waitFor();
    expect(await banner(page).textContent()).toContain(
      'You are reading version 1.0. The newest version is 2.0',
    );
    const link = banner(page).getByRole('link', { name: 'read this page in 2.0' });
    expect(await link.getAttribute('href')).toBe('/docs/Vault/2_0/Content/Keys.htm#rotate');
    await banner(page).getByRole('button', { name: 'Dismiss' }).click();
    expect(await banner(page).count()).toBe(0);
    await page.reload();
    await expect.poll(() => bar(page).locator('summary').count()).toBe(1);
    expect(await banner(page).count()).toBe(0);
    await context.close();

    const staff = await signInAs(browser, portal.origin, 'employee', {
      provider: 'employee',
      startPath: '/docs/Vault/2_0/Content/Keys.htm',
    });
    await staff.page.waitForURL((url) => url.pathname.endsWith('/Vault/2_0/Content/Keys.htm'));
    await banner(staff.page).waitFor();
    expect(await banner(staff.page).textContent()).toContain('The newest version is 3.0');
    await staff.context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      it(`is readable and axe-clean with the switcher open, ${scheme}, ${width} px`, async () => {
        const { context, page } = await signInAs(browser, portal.origin, 'customer', {
          startPath: '/docs/Vault/1_0/Content/Keys.htm',
          width,
        });
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForURL((url) => url.pathname.endsWith('/Vault/1_0/Content/Keys.htm'));
        await banner(page).waitFor();
        await bar(page).locator('summary').click();
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/docs-portal-versions-${scheme}-${width}.png`,
        });
        expect(await checkAccessibility(page)).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('search across versions', () => {
  it('shows a page once, in the newest version, with "also in" links a customer may follow', async () => {
    const { context, page } = await signInAs(browser, portal.origin, 'customer', {
      startPath: '/docs/ui/search/vaultkey%20revoke',
    });
    const frame = page.frameLocator('iframe[title="Documentation search"]');
    const titles = frame.locator('#sc-results .sc-title');
    await expect.poll(() => titles.allTextContents(), { timeout: 20_000 }).toContain('Vault keys');
    expect((await titles.allTextContents()).filter((t) => t === 'Vault keys')).toHaveLength(1);
    const also = frame.locator('#sc-results .sc-also');
    expect(await also.allTextContents()).toEqual(['Also in 1.0']);
    expect(await also.first().getAttribute('href')).toMatch(
      /^\/docs\/Vault\/1_0\/Content\/Keys\.htm\?Highlight=/,
    );
    expect(await frame.locator('#sc-results').textContent()).not.toContain('3.0');
    await also.first().click();
    await page.waitForURL((url) => url.pathname === '/docs/Vault/1_0/Content/Keys.htm');
    await context.close();
  });

  it('prefers the version of the doc page the reader searches from', async () => {
    const { context, page } = await signInAs(browser, portal.origin, 'customer', {
      startPath: '/docs/Vault/1_0/Content/Keys.htm',
    });
    await page.waitForURL((url) => url.pathname.endsWith('/Vault/1_0/Content/Keys.htm'));
    await expect.poll(() => bar(page).locator('summary').count()).toBe(1);
    await page.keyboard.press('/');
    const frame = page.frameLocator('iframe[title="Search the documentation"]');
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    await box.waitFor({ timeout: 10_000 });
    await box.pressSequentially('vaultkey revoke', { delay: 40 });
    const keys = frame.locator('#sc-results .sc-hit', { hasText: 'Vault keys' });
    await expect.poll(() => keys.count(), { timeout: 15_000 }).toBe(1);
    expect(await keys.locator('.sc-page').getAttribute('href')).toMatch(
      /^\/docs\/Vault\/1_0\/Content\/Keys\.htm/,
    );
    expect(await keys.locator('.sc-also').allTextContents()).toEqual(['Also in 2.0']);
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      it(`shows "also in" readably and axe-clean, ${scheme}, ${width} px`, async () => {
        const { context, page } = await signInAs(browser, portal.origin, 'customer', {
          startPath: '/docs/ui/search/vaultkey%20revoke',
          width,
        });
        await page.emulateMedia({ colorScheme: scheme });
        const frame = page.frameLocator('iframe[title="Documentation search"]');
        await frame.locator('#sc-results .sc-also').first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/docs-portal-also-in-${scheme}-${width}.png`,
        });
        expect(await checkAccessibility(page)).toEqual([]);
        await context.close();
      });
    }
  }
});

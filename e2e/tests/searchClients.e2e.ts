import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { REPO_ROOT, startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

const origin = inject('portalOrigin');
let browser: Browser;

/** The default config with the environment flags replaced and folders made absolute. */
function configWith(environment: string, dataDir: string): string {
  const yaml = readFileSync(path.join(REPO_ROOT, 'portal.config.yaml'), 'utf8')
    .replace(/^environment:\n( {2}.*\n)+/m, `environment:\n${environment}\n`)
    .replace(/folder: content\//g, `folder: ${REPO_ROOT}/content/`)
    .replace(/^dataDir: .*$/m, `dataDir: ${dataDir}`);
  return yaml;
}

function frameOf(page: Page) {
  return page.frameLocator('iframe[title="Documentation search"]');
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the newer search client in the portal (production page)', () => {
  it('searches as the reader types, opens a result with the keyboard at its anchor, and marks the terms', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/ui/search/',
    });
    const frame = frameOf(page);
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    await box.click();
    await box.pressSequentially('replication', { delay: 40 });
    const options = frame.locator('#sc-results [role="option"]');
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The portal's URL reflects the query, so Back/Forward and shared links work.
    await expect.poll(() => decodeURIComponent(page.url())).toContain('replication');
    await box.press('ArrowDown');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith('.htm'), { timeout: 15_000 });
    const landed = new URL(page.url());
    expect(landed.pathname.startsWith('/docs/')).toBe(true);
    expect(landed.searchParams.get('Highlight')).toContain('replication');
    await expect
      .poll(() => page.locator('mark.docs-portal-highlight').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await context.close();
  });

  it('never shows a customer the employee-only runbooks, and shows them to an employee', async () => {
    const customer = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/ui/search/escalation%20matrix',
    });
    const status = frameOf(customer.page).getByRole('status').first();
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toMatch(/no results|0 results/i);
    expect(await frameOf(customer.page).locator('#sc-results [role="option"]').count()).toBe(0);
    await customer.context.close();
    const employee = await signInAs(browser, origin, 'employee', {
      provider: 'employee',
      startPath: '/docs/ui/search/escalation%20matrix',
    });
    await expect
      .poll(() => frameOf(employee.page).locator('#sc-results [role="option"]').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await employee.context.close();
  });

  it('records searches and result clicks for the documentation team, by reader kind only', async () => {
    const { context, page } = await signInAs(browser, origin, 'partner', {
      startPath: '/docs/ui/search/cloud%20archive',
    });
    const options = frameOf(page).locator('#sc-results [role="option"]');
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await options.first().click();
    await page.waitForURL((url) => url.pathname.endsWith('.htm'), { timeout: 15_000 });
    await context.close();
    const employee = await signInAs(browser, origin, 'employee', { provider: 'employee' });
    await expect
      .poll(
        async () => {
          const res = await employee.page.request.get(`${origin}/docs/analytics/report`);
          return JSON.stringify(await res.json());
        },
        { timeout: 10_000 },
      )
      .toContain('cloud archive');
    const report = await (
      await employee.page.request.get(`${origin}/docs/analytics/report`)
    ).json();
    expect(report.clicks).toBeGreaterThan(0);
    expect(JSON.stringify(report)).not.toContain('pat.partner');
    const forPartner = await signInAs(browser, origin, 'partner');
    expect((await forPartner.page.request.get(`${origin}/docs/analytics/report`)).status()).toBe(
      404,
    );
    await forPartner.context.close();
    await employee.context.close();
  });
});

describe('the sandbox page and the older client', () => {
  let sandbox: PortalProcess | undefined;
  let legacy: PortalProcess | undefined;

  beforeAll(async () => {
    const sandboxDir = mkdtempSync(path.join(tmpdir(), 'e2e-sandbox-'));
    const legacyDir = mkdtempSync(path.join(tmpdir(), 'e2e-legacy-'));
    [sandbox, legacy] = await Promise.all([
      startPortalProcess({
        configYaml: configWith('  useMamba20SearchClient: true\n  isProd: false', sandboxDir),
      }),
      startPortalProcess({
        configYaml: configWith('  useMamba20SearchClient: false\n  isProd: true', legacyDir),
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([sandbox?.stop(), legacy?.stop()]);
  });

  it('shows scores and timings on the sandbox page', async () => {
    const { context, page } = await signInAs(browser, sandbox!.origin, 'employee', {
      provider: 'employee',
      startPath: '/docs/ui/search/restore',
    });
    const frame = frameOf(page);
    await expect
      .poll(() => frame.locator('.sc-score').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await frame.locator('.sc-score').first().textContent()).toMatch(/score \d+\.\d{3}/);
    await context.close();
  });

  it('searches with the older client and opens a result in the portal window', async () => {
    const { context, page } = await signInAs(browser, legacy!.origin, 'customer', {
      startPath: '/docs/ui/search/',
    });
    const frame = frameOf(page);
    await frame.locator('#lc-q').fill('protection policy');
    await frame.locator('#lc-q').press('Enter');
    const titles = frame.locator('a.lc-title');
    await expect.poll(() => titles.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await titles.first().click();
    await page.waitForURL((url) => url.pathname.endsWith('.htm'), { timeout: 15_000 });
    expect(new URL(page.url()).origin).toBe(legacy!.origin);
    await context.close();
  });
});

import path from 'node:path';
import { DocSetPublisher, parseConfig } from '@docs-portal/server';
import { GUIDE_V1, GUIDE_V2, writeFolder } from '@docs-portal/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

/** Screenshots are written here for a person to look at; nothing compares them automatically. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const GUIDE = '/docs/Guide';
let portal: PortalProcess;
let browser: Browser;
let employee: BrowserContext;

function docSetYaml(folder: string): string {
  return `docSets:
  - id: guide
    mount: Guide
    folder: ${JSON.stringify(folder)}
    title: Link Guide
    product: Links
    version: '1'
    docType: Guide
    defaultPage: Default.htm
`;
}

beforeAll(async () => {
  const v1 = writeFolder(GUIDE_V1);
  portal = await startPortalProcess({ configYaml: docSetYaml(v1) });
  browser = await launchBrowser();
  ({ context: employee } = await signInAs(browser, portal.origin, 'employee', {
    provider: 'employee',
  }));
  // Release 2 moves pages, renames a heading and removes a page; the running portal notices it.
  const config = parseConfig(
    {
      dataDir: portal.dataDir,
      logLevel: 'silent',
      docSets: [
        {
          id: 'guide',
          mount: 'Guide',
          folder: v1,
          title: 'Link Guide',
          product: 'Links',
          version: '1',
          docType: 'Guide',
          defaultPage: 'Default.htm',
        },
      ],
    },
    { env: {} },
  );
  await new DocSetPublisher(config, { root: path.join(portal.dataDir, 'docsets') }).publish(
    'guide',
    writeFolder(GUIDE_V2),
  );
  // The running portal follows the new release within a couple of seconds (it watches the pointer).
  const deadline = Date.now() + 15_000;
  const moved = `${portal.origin}${GUIDE}/Content/Setup/Install.htm`;
  while ((await employee.request.get(moved)).status() !== 200) {
    if (Date.now() > deadline) throw new Error('the portal did not serve release 2 in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function removedPage(): Promise<Page> {
  const page = await employee.newPage();
  // The search index follows the publish in the background: wait for the suggestions.
  await expect
    .poll(
      async () => {
        const answer = await page.goto(`${portal.origin}${GUIDE}/Content/Legacy.htm`);
        expect(answer?.status()).toBe(404);
        return page.getByRole('link', { name: 'Tape libraries' }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  return page;
}

describe('links across publishes in the browser', () => {
  it('shows a removed page as the portal 404 page with its release and search hits that open', async () => {
    const page = await removedPage();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    expect(await page.locator('main').innerText()).toContain('This page was removed in release 2.');
    expect(
      await page.getByRole('searchbox', { name: 'Search the documentation' }).inputValue(),
    ).toBe('Legacy tape export');
    await page.getByRole('link', { name: 'Tape libraries' }).click();
    await page.waitForURL((url) => url.pathname === `${GUIDE}/Content/Tapes.htm`);
    expect(await page.locator('h1').innerText()).toBe('Tape libraries');
    await page.close();
  });

  it('lands an old section link on the renamed heading, scrolled to it', async () => {
    const page = await employee.newPage();
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(`${portal.origin}${GUIDE}/Content/Backup.htm#schedule`);
    const heading = page.locator('h2#schedule-backups');
    expect(await heading.innerText()).toBe('Schedule backups');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const box = await heading.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.y).toBeLessThan(120);
    await page.close();
  });

  it('follows a moved page to its new path, keeping the section', async () => {
    const page = await employee.newPage();
    await page.goto(`${portal.origin}${GUIDE}/Content/Install.htm#prerequisites`);
    expect(page.url()).toBe(`${portal.origin}${GUIDE}/Content/Setup/Install.htm#prerequisites`);
    expect(await page.locator('main').innerText()).toContain('Version two install steps');
    await page.close();
  });

  it('renders the removed page and the link report without WCAG 2.1 AA violations, light and dark, wide and narrow', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const page = await removedPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `links-removed-${scheme}-${width}.png`),
          fullPage: true,
        });
        expect(await checkAccessibility(page)).toEqual([]);
        await page.goto(`${portal.origin}/docs/analytics/links`);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
          'Broken links at the last publish',
        );
        const rows = page.locator('tr', { hasText: 'Content/Nowhere.htm' });
        expect(await rows.innerText()).toContain('this release');
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `links-report-${scheme}-${width}.png`),
          fullPage: true,
        });
        expect(await checkAccessibility(page)).toEqual([]);
        await page.close();
      }
    }
  });
});

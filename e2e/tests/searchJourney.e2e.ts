import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { REPO_ROOT, startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

// The reader's journey on the search page (issue 12): typing, scrolling, opening, paging and
// the states between searches, in the production, sandbox and older clients.

const origin = inject('portalOrigin');
let browser: Browser;
let sandbox: PortalProcess | undefined;
let legacy: PortalProcess | undefined;

/** The default config with the environment flags replaced and folders made absolute. */
function configWith(environment: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-journey-'));
  return readFileSync(path.join(REPO_ROOT, 'portal.config.yaml'), 'utf8')
    .replace(/^environment:\n( {2}.*\n)+/m, `environment:\n${environment}\n`)
    .replace(/folder: content\//g, `folder: ${REPO_ROOT}/content/`)
    .replace(/^dataDir: .*$/m, `dataDir: ${dataDir}`);
}

function frameOf(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Documentation search"]');
}

/** The search page path for `searchString` (and an optional query string). */
function searchPath(searchString: string, query = ''): string {
  return `/docs/ui/search/${encodeURIComponent(searchString)}${query}`;
}

/** The search string the portal URL shows (route parameter), decoded. */
function urlSearch(page: Page): string {
  const { pathname } = new URL(page.url());
  const at = pathname.indexOf('/search/');
  return at < 0 ? '' : decodeURIComponent(pathname.slice(at + '/search/'.length));
}

beforeAll(async () => {
  browser = await launchBrowser();
  [sandbox, legacy] = await Promise.all([
    startPortalProcess({
      configYaml: configWith('  useMamba20SearchClient: true\n  isProd: false'),
    }),
    startPortalProcess({
      configYaml: configWith('  useMamba20SearchClient: false\n  isProd: true'),
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox?.stop(), legacy?.stop()]);
  await browser?.close();
});

/**
 * Clicks the search box of a freshly opened search page. On this shared, loaded machine the page
 * now and then stays on "Loading search…" (environment call) for a long time; that page load is
 * retried once, since what is tested here starts only when the box is there.
 */
async function openedBox(page: Page, box: ReturnType<FrameLocator['getByRole']>): Promise<void> {
  try {
    await box.click({ timeout: 20_000 });
  } catch {
    await page.reload();
    await box.click({ timeout: 30_000 });
  }
}

describe('typing fast in the newer client', () => {
  const typed = 'configure retention policy';

  async function typeRuns(portalOrigin: string, user: string, provider: 'sso' | 'employee') {
    const { context, page } = await signInAs(browser, portalOrigin, user, {
      provider,
      startPath: '/docs/ui/search/',
    });
    const failures: string[] = [];
    for (const delay of [0, 10, 20]) {
      for (let run = 0; run < 20; run += 1) {
        await page.goto(`${portalOrigin}/docs/ui/search/`);
        const frame = frameOf(page);
        const box = frame.getByRole('combobox', { name: 'Search the documentation' });
        await openedBox(page, box);
        await box.pressSequentially(typed, { delay });
        const status = frame.locator('.sc-status[role="status"]');
        // Settled: the results of the whole text are shown (a reload would start over).
        const settled = await expect
          .poll(() => status.textContent(), { timeout: 8_000 })
          .toMatch(/for “configure retention policy”$/)
          .then(
            () => true,
            () => false,
          );
        const value = await box.inputValue();
        if (!settled || value !== typed || urlSearch(page) !== typed) {
          failures.push(`${delay} ms, run ${run}: box "${value}", URL "${urlSearch(page)}"`);
        }
      }
    }
    return { context, failures };
  }

  async function recordedQueries(portalOrigin: string): Promise<string[]> {
    const employee = await signInAs(browser, portalOrigin, 'employee', { provider: 'employee' });
    const res = await employee.page.request.get(`${portalOrigin}/docs/analytics/report`);
    const report = (await res.json()) as {
      topQueries: { query: string }[];
      zeroResultQueries: { query: string }[];
    };
    await employee.context.close();
    return [...report.topQueries, ...report.zeroResultQueries].map((row) => row.query);
  }

  it('keeps every keystroke in the box and the URL at 0, 10 and 20 ms per key (production page)', async () => {
    const { context, failures } = await typeRuns(origin, 'customer', 'sso');
    await context.close();
    expect(failures).toEqual([]);
    const queries = (await recordedQueries(origin)).filter((q) => q.startsWith('conf'));
    expect(queries).toEqual([typed]);
  }, 600_000);

  it('keeps every keystroke in the box and the URL at 0, 10 and 20 ms per key (sandbox page)', async () => {
    const { context, failures } = await typeRuns(sandbox!.origin, 'employee', 'employee');
    await context.close();
    expect(failures).toEqual([]);
    const queries = (await recordedQueries(sandbox!.origin)).filter((q) => q.startsWith('conf'));
    expect(queries).toEqual([typed]);
  }, 600_000);
});

describe('one scroll surface', () => {
  it('sizes the frame to its content, so only the page scrolls', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: searchPath('cluster'),
    });
    const frame = frameOf(page);
    await expect
      .poll(() => frame.locator('#sc-results [role="option"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(3);
    const iframe = page.locator('iframe[title="Documentation search"]');
    await expect
      .poll(async () => {
        const inner = await frame
          .locator('body')
          .evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        return inner;
      })
      .toBeLessThanOrEqual(1);
    const frameHeight = (await iframe.boundingBox())!.height;
    expect(frameHeight).toBeGreaterThan(800);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      frameHeight,
    );
    await context.close();
  });

  it('keeps the active result in view above the fixed footer as the arrow keys move', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: searchPath('cluster'),
    });
    const frame = frameOf(page);
    const options = frame.locator('#sc-results [role="option"]');
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(3);
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    const count = await options.count();
    for (let i = 0; i < count; i += 1) {
      await box.press('ArrowDown');
      const id = await options.nth(i).getAttribute('id');
      await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(id);
      const footerTop = await page
        .locator('.site-footer')
        .evaluate((f) => f.getBoundingClientRect().top);
      await expect
        .poll(async () => {
          const rect = (await options.nth(i).boundingBox())!;
          return rect.y >= 0 && rect.y + rect.height <= footerTop + 0.5;
        })
        .toBe(true);
    }
    await context.close();
  });

  it('gives the search box the full width on a phone', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/ui/search/',
      width: 390,
    });
    const box = frameOf(page).getByRole('combobox', { name: 'Search the documentation' });
    await expect.poll(async () => (await box.boundingBox())?.width ?? 0).toBeGreaterThan(300);
    await context.close();
  });
});

describe('results are links', () => {
  it('makes each option a real link: a click opens it in the portal, a Ctrl-click in a new tab', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: searchPath('cluster'),
    });
    const frame = frameOf(page);
    const options = frame.locator('#sc-results [role="option"]');
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const links = frame.locator('#sc-results a[role="option"][href]');
    expect(await links.count()).toBe(await options.count());
    const href = (await links.first().getAttribute('href'))!;
    expect(href).toMatch(/^\/docs\/.+\.htm/);

    const opened = context.waitForEvent('page');
    await links.first().click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe(new URL(href, origin).pathname);
    expect(new URL(page.url()).pathname.startsWith('/docs/ui/search/')).toBe(true);
    await tab.close();

    await links.first().click();
    await page.waitForURL((url) => url.pathname.endsWith('.htm'), { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(new URL(href, origin).pathname);
    await context.close();
  });
});

describe('the older client', () => {
  let reader: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    reader = await signInAs(browser, legacy!.origin, 'customer', { startPath: '/docs/ui/search/' });
  });
  afterAll(async () => {
    await reader?.context.close();
  });

  async function pagerVisibleFor(searchString: string): Promise<boolean> {
    const { page } = reader;
    await page.goto(`${legacy!.origin}${searchPath(searchString)}`);
    const frame = frameOf(page);
    await expect.poll(() => frame.locator('#lc-q').count(), { timeout: 15_000 }).toBe(1);
    if (searchString !== '') {
      await expect
        .poll(() => frame.locator('.lc-status').textContent(), { timeout: 15_000 })
        .toMatch(/for “/);
    }
    return frame.locator('.lc-pager').isVisible();
  }

  it('shows Previous/Next only when there is more than one page', async () => {
    const api = async (q: string) =>
      (
        (await (
          await reader.page.request.get(
            `${legacy!.origin}/docs/search?q=${encodeURIComponent(q)}&pageSize=10`,
          )
        ).json()) as { total: number }
      ).total;
    // A word few pages say: its answers fit one page (a query of several words that few pages
    // hold wholly also lists pages holding some of them, so it would not).
    expect(await api('entropy')).toBeGreaterThan(0);
    expect(await api('entropy')).toBeLessThanOrEqual(10);
    expect(await pagerVisibleFor('')).toBe(false);
    expect(await pagerVisibleFor('zzqxjv')).toBe(false);
    expect(await pagerVisibleFor('entropy')).toBe(false);
    expect(await pagerVisibleFor('cluster')).toBe(true);
  });
});

describe('long queries', () => {
  const long = `backup ${'a'.repeat(600)}`;

  it('cuts a long initial search to the limit in the newer client and searches it', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: searchPath(long),
    });
    const frame = frameOf(page);
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe(long.slice(0, 500));
    const status = frame.locator('.sc-status[role="status"]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/for “backup a+”$/);
    expect(await frame.locator('body').textContent()).not.toContain('q:');
    await box.press('End');
    await box.pressSequentially('xyz');
    expect((await box.inputValue()).length).toBe(500);
    await context.close();
  });

  it('cuts a long initial search to the limit in the older client', async () => {
    const { context, page } = await signInAs(browser, legacy!.origin, 'customer', {
      startPath: searchPath(long),
    });
    const frame = frameOf(page);
    await expect
      .poll(() => frame.locator('#lc-q').inputValue(), { timeout: 15_000 })
      .toBe(long.slice(0, 500));
    await expect
      .poll(() => frame.locator('.lc-status').textContent(), { timeout: 15_000 })
      .toMatch(/for “backup a+”/);
    expect(await frame.locator('body').textContent()).not.toContain('q:');
    await context.close();
  });

  it('says in reader words when the search API refuses a long search', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/ui/search/',
    });
    await page.route('**/docs/search?**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'VALIDATION',
          message: 'q: q must be at most 500 characters',
        }),
      }),
    );
    const frame = frameOf(page);
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    await box.fill('backup');
    const status = frame.locator('.sc-status[role="status"]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/500 characters/);
    expect(await status.textContent()).not.toContain('q:');
    await context.close();
  });
});

describe('paging the full result list', () => {
  it('puts the page in the URL, shows the top of the new page, and comes back on reload and Back', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: searchPath('cluster'),
    });
    const frame = frameOf(page);
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    await expect
      .poll(() => frame.locator('#sc-results [role="option"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await box.press('Enter');
    const pager = frame.getByRole('navigation', { name: 'Result pages' });
    await expect.poll(() => pager.textContent(), { timeout: 15_000 }).toMatch(/Page 1 of/);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager.textContent(), { timeout: 15_000 }).toMatch(/Page 2 of/);
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    // The top of the new page is in view.
    const status = frame.locator('.sc-status[role="status"]');
    await expect.poll(async () => (await status.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await status.boundingBox())!.y).toBeLessThan(800);

    await page.reload();
    await expect
      .poll(() => frameOf(page).getByRole('navigation', { name: 'Result pages' }).textContent(), {
        timeout: 15_000,
      })
      .toMatch(/Page 2 of/);

    await frameOf(page)
      .getByRole('navigation', { name: 'Result pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('3');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect
      .poll(() => frameOf(page).getByRole('navigation', { name: 'Result pages' }).textContent(), {
        timeout: 15_000,
      })
      .toMatch(/Page 2 of/);
    await context.close();
  });
});

describe('a slow search after an error', () => {
  it('does not show the dimmed results of an older, unrelated search', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: searchPath('cluster'),
    });
    const frame = frameOf(page);
    const options = frame.locator('#sc-results [role="option"]');
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/docs/search?**', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      if (q === 'broken') {
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
      } else if (q === 'restore') {
        await held;
        await route.continue();
      } else {
        await route.continue();
      }
    });
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    await box.fill('broken');
    const status = frame.locator('.sc-status[role="status"]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/not available/);
    await box.fill('restore');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/Searching/);
    expect(await options.count()).toBe(0);
    release();
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/for “restore”/);
    expect(await options.count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('completions of the word being typed', () => {
  it('offers the searches a word completes to, and searches the one picked (phone)', async () => {
    const { context, page } = await signInAs(browser, origin, 'customer', {
      startPath: '/docs/ui/search/',
      width: 390,
    });
    const frame = frameOf(page);
    const box = frame.getByRole('combobox', { name: 'Search the documentation' });
    await openedBox(page, box);
    await box.pressSequentially('anom');
    const completions = frame.getByRole('navigation', { name: 'Suggested searches' });
    const anomaly = completions.getByRole('button', { name: 'anomaly', exact: true });
    await anomaly.click({ timeout: 15_000 });
    await expect.poll(() => box.inputValue()).toBe('anomaly');
    const status = frame.locator('.sc-status[role="status"]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/for “anomaly”/);
    expect(urlSearch(page)).toBe('anomaly');
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
    await context.close();
  });

  it('completes a word only from doc sets the reader may open', async () => {
    const typeHotf = async (user: string, provider: 'sso' | 'employee') => {
      const { context, page } = await signInAs(browser, origin, user, {
        provider,
        startPath: '/docs/ui/search/',
      });
      const frame = frameOf(page);
      const box = frame.getByRole('combobox', { name: 'Search the documentation' });
      await openedBox(page, box);
      const answered = page.waitForResponse(
        (response) =>
          response.url().includes('/docs/search/suggest?') &&
          new URL(response.url()).searchParams.get('q') === 'hotf',
      );
      await box.pressSequentially('hotf');
      const body = await (await answered).text();
      return { context, frame, body };
    };
    const customer = await typeHotf('customer', 'sso');
    expect(customer.body).not.toMatch(/hotfix/i);
    expect(
      await customer.frame.getByRole('navigation', { name: 'Suggested searches' }).count(),
    ).toBe(0);
    await customer.context.close();

    const employee = await typeHotf('employee', 'employee');
    expect(employee.body).toMatch(/hotfix/i);
    await employee.frame
      .getByRole('navigation', { name: 'Suggested searches' })
      .getByRole('button', { name: 'hotfix', exact: true })
      .waitFor({ timeout: 15_000 });
    await employee.context.close();
  });
});

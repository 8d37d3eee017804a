import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
/** Screenshots are written here for a person to look at; nothing compares them automatically. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const QUERY = 'alerts';
const PINNED_PATH = '/Content/Security/AnomalyDetection.htm';

let browser: Browser;
let employee: BrowserContext;
let customer: BrowserContext;

/** Runs `fetch` in the page with the XSRF header the app would send; answers status and JSON. */
async function call(
  page: Page,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ url, body }) => {
      const token = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const answer = await fetch(
        url,
        body === undefined
          ? {}
          : {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-xsrf-token': decodeURIComponent(token),
              },
              body: JSON.stringify(body),
            },
      );
      return { status: answer.status, json: await answer.json().catch(() => null) };
    },
    { url, body },
  );
}

async function firstTitle(page: Page): Promise<string | undefined> {
  const answer = await call(page, `/docs/search?q=${QUERY}`);
  return (answer.json as { hits: { title: string }[] }).hits[0]?.title;
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim()}` : '';
  });

/** Presses Tab until the focused element's text starts with `text` (keyboard only). */
async function tabTo(page: Page, text: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)).split(':').slice(1).join(':').startsWith(text)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`"${text}" never took focus; last: ${await focused(page)}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const signedIn = await signInAs(browser, origin, 'employee', { provider: 'employee' });
  employee = signedIn.context;
  const page = signedIn.page;
  // Start from an empty rule set (a version of its own, to roll back to later).
  const current = (await call(page, '/docs/relevance/rules')).json as { version: number };
  await call(page, '/docs/relevance/publish', { rules: [], basedOn: current.version });
  // A logged search, and the result readers opened from it.
  await call(page, `/docs/search?q=${QUERY}`);
  const top = (await call(page, `/docs/search?q=${QUERY}`)).json as { hits: { url: string }[] };
  const clicked = await call(page, '/docs/analytics/click', {
    query: QUERY,
    rank: 1,
    url: top.hits[0]?.url,
  });
  expect(clicked.status).toBe(204);
  await page.close();
  ({ context: customer } = await signInAs(browser, origin, 'customer'));
});

afterAll(async () => {
  if (employee) {
    const page = await employee.newPage();
    await page.goto(`${origin}/docs/ui/`);
    const current = (await call(page, '/docs/relevance/rules')).json as { version: number };
    await call(page, '/docs/relevance/publish', { rules: [], basedOn: current.version });
  }
  await browser?.close();
});

describe('relevance workbench in the browser', () => {
  it('is a 404 for customers, page and API alike', async () => {
    const page = await customer.newPage();
    const answer = await page.goto(`${origin}/docs/ui/relevance`);
    expect(answer?.status()).toBe(404);
    expect((await customer.request.get(`${origin}/docs/relevance/rules`)).status()).toBe(404);
    await page.close();
  });

  it('edits, replays and publishes a pin by keyboard only, from the analytics page', async () => {
    const page = await employee.newPage();
    await page.goto(`${origin}/docs/analytics`);
    await tabTo(page, 'Relevance workbench');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/ui/relevance');
    await page.getByRole('heading', { level: 1, name: 'Relevance workbench' }).waitFor();
    const before = await firstTitle(page);
    expect(before).not.toBe('Ransomware Anomaly Detection');

    // A rule with markup is refused, and the message shows it as text.
    await tabTo(page, 'Pin a page at a rank');
    await page.keyboard.press('Tab');
    await page.keyboard.type('<b>alerts</b>');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('must not contain');
    expect(await page.locator('.relevance b').count()).toBe(0);

    // Query, doc set, path, anchor, rank: then Enter submits the form.
    // Focus stays on the query field.
    await page.keyboard.press('Control+A');
    await page.keyboard.type(QUERY);
    await page.keyboard.press('Tab');
    await page.keyboard.type('dp-user-guide-6-5');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PINNED_PATH);
    await page.keyboard.press('Enter');
    const added = page.locator('.rule-list li > span').first();
    await added.waitFor();
    expect(await added.innerText()).toBe(
      `Pin dp-user-guide-6-5${PINNED_PATH} at rank 1 for “${QUERY}”`,
    );

    await tabTo(page, 'Replay draft');
    await page.keyboard.press('Enter');
    const summary = page.locator('.replay-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(
      /1 change their top results; clicked results move up 0 times and down 1 times/,
    );
    const change = page.getByRole('article');
    expect(await change.getByRole('heading', { level: 3 }).innerText()).toContain(`“${QUERY}”`);
    expect(await change.getByRole('listitem').first().innerText()).toContain('clicked by readers');
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/docs-portal-relevance-replay-1280.png`,
      fullPage: true,
    });

    await tabTo(page, 'Publish draft');
    await page.keyboard.press('Enter');
    await page.getByText(/Version \d+ is in force/).waitFor();
    expect(await firstTitle(page)).toBe('Ransomware Anomaly Detection');
    await page.close();
  });

  it('rolls back to the version before by keyboard', async () => {
    const page = await employee.newPage();
    await page.goto(`${origin}/docs/ui/relevance`);
    await page.getByRole('heading', { name: 'Published versions' }).waitFor();
    await page.locator('body').focus();
    const button = page.getByRole('button', { name: /^Roll back to / }).first();
    const name = (await button.innerText()).trim();
    await tabTo(page, name, 80);
    await page.keyboard.press('Enter');
    await page.getByText(/Rolled back: version \d+ restores/).waitFor();
    expect(await firstTitle(page)).not.toBe('Ransomware Anomaly Detection');
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      it(`has no WCAG 2.1 AA violations or sideways scroll at ${width}px (${scheme})`, async () => {
        const page = await employee.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
        await page.goto(`${origin}/docs/ui/relevance`);
        await page.getByRole('heading', { name: 'Published versions' }).waitFor();
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/docs-portal-relevance-${scheme}-${width}.png`,
          fullPage: true,
        });
        expect(await checkAccessibility(page)).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
        ).toBe(false);
        await page.close();
      });
    }
  }
});

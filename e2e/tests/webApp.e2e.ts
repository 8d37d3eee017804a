import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
const home = `${origin}/docs/ui/`;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signInAs(browser, origin, 'customer'));
});
afterAll(async () => {
  await browser?.close();
});

/** Label of the selected tab, and labels of the tab panels a reader can see. */
async function tabState(target: Page) {
  await target.getByRole('tablist').waitFor();
  return target.evaluate(() => {
    const label = (element: Element | null) => element?.textContent?.trim() ?? null;
    const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
    const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
    const panels = Array.from(document.querySelectorAll<HTMLElement>('[role="tabpanel"]')).filter(
      // Hidden panels keep their place (the panel area has one height) but are not shown.
      (panel) =>
        panel.getClientRects().length > 0 &&
        getComputedStyle(panel).display !== 'none' &&
        getComputedStyle(panel).visibility !== 'hidden',
    );
    return {
      selected: selected.map(label),
      visiblePanels: panels.map((panel) =>
        label(document.getElementById(panel.getAttribute('aria-labelledby') ?? '')),
      ),
      tabIndexes: tabs.map((tab) => (tab as HTMLElement).tabIndex),
    };
  });
}

/** A promise and the function that resolves it. */
function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The focused element: its label and role, and whether it shows a visible focus outline. */
async function focusState(target: Page) {
  return target.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    return {
      label: element?.textContent?.trim() ?? null,
      role: element?.getAttribute('role') ?? null,
      focusVisible: element?.matches(':focus-visible') ?? false,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : null,
    };
  });
}

describe('header link panel', () => {
  it('shows Data Platform first with only its panel, and switches panels with the mouse', async () => {
    await page.goto(home);
    await page.getByRole('tablist').waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Data Platform',
      'Helios',
      'Cloud Services',
      'Insights',
    ]);
    expect(await tabState(page)).toMatchObject({
      selected: ['Data Platform'],
      visiblePanels: ['Data Platform'],
      tabIndexes: [0, -1, -1, -1],
    });

    await page.getByRole('tab', { name: 'Helios' }).click();
    expect(await tabState(page)).toMatchObject({
      selected: ['Helios'],
      visiblePanels: ['Helios'],
      tabIndexes: [-1, 0, -1, -1],
    });
    const helios = page.getByRole('tabpanel', { name: 'Helios' });
    expect(await helios.getByRole('link', { name: /Marketplace/ }).isVisible()).toBe(true);
    // A mouse click selects without drawing the keyboard focus ring.
    expect((await focusState(page)).focusVisible).toBe(false);

    await page.getByRole('tab', { name: 'Insights' }).click();
    expect(await tabState(page)).toMatchObject({
      selected: ['Insights'],
      visiblePanels: ['Insights'],
    });
  });

  it('moves and selects with Left, Right, Home and End, wrapping around, with a visible focus ring', async () => {
    await page.goto(home);
    await page.getByRole('tablist').waitFor();
    // Reach the tabs the way a keyboard user does, so the browser applies :focus-visible.
    for (let presses = 0; presses < 10; presses += 1) {
      await page.keyboard.press('Tab');
      if ((await focusState(page)).role === 'tab') break;
    }
    expect(await focusState(page)).toEqual({
      label: 'Data Platform',
      role: 'tab',
      focusVisible: true,
      outline: 'solid 3px',
    });

    const steps: [string, string][] = [
      ['ArrowRight', 'Helios'],
      ['ArrowRight', 'Cloud Services'],
      ['ArrowLeft', 'Helios'],
      ['End', 'Insights'],
      ['ArrowRight', 'Data Platform'],
      ['ArrowLeft', 'Insights'],
      ['Home', 'Data Platform'],
    ];
    for (const [key, expected] of steps) {
      await page.keyboard.press(key);
      expect({ key, focus: await focusState(page), tabs: await tabState(page) }).toMatchObject({
        key,
        focus: { label: expected, role: 'tab', focusVisible: true, outline: 'solid 3px' },
        tabs: { selected: [expected], visiblePanels: [expected] },
      });
    }

    // Tab leaves the tab list (roving tabindex) and enters the shown panel.
    await page.keyboard.press('Tab');
    const inPanel = await page.evaluate(() =>
      document.activeElement?.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby'),
    );
    const dataPlatformTabId = await page
      .getByRole('tab', { name: 'Data Platform' })
      .getAttribute('id');
    expect(inPanel).toBe(dataPlatformTabId);
  });

  it('resolves documentation links under the docs base and opens a doc page from the panel', async () => {
    await page.goto(home);
    await page.getByRole('tablist').waitFor();
    const links = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('[role="tabpanel"] a')).map((a) => ({
        href: a.getAttribute('href') ?? '',
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
      })),
    );
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) {
      if (link.href.startsWith(`${origin}/docs/`)) {
        expect(link.target).toBeNull();
      } else {
        expect(link).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
        expect(link.href).toMatch(/^https:\/\//);
      }
    }

    const whatsNew = page
      .getByRole('tabpanel', { name: 'Data Platform' })
      .getByRole('link', { name: "What's New" });
    const href = `${origin}/docs/6_5/Web/UserGuide/Content/ReleaseNotes/WhatsNew.htm`;
    expect(await whatsNew.getAttribute('href')).toBe(href);
    const response = page.waitForResponse(
      (r) => r.url() === href && r.request().isNavigationRequest(),
    );
    await whatsNew.click();
    const docPage = await response;
    expect(docPage.status()).toBe(200);
    expect(docPage.headers()['content-type']).toMatch(/^text\/html/);
    await page.waitForURL(href);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      "What's New in Data Platform 6.5",
    );
  });
});

describe('home page', () => {
  it('shows the techdocs groups of the config, each heading linking to its first link', async () => {
    await page.goto(home);
    const groups = page.locator('.group-card');
    await groups.first().waitFor();
    const cards = await groups.evaluateAll((items) =>
      items.map((item) => ({
        heading: item.querySelector('h3')?.textContent?.trim(),
        headingHref: item.querySelector('h3 a')?.getAttribute('href'),
        links: Array.from(item.querySelectorAll('.group-card-links a')).map((a) =>
          a.textContent?.trim(),
        ),
      })),
    );
    const doc = (path: string) => `${origin}/docs${path}`;
    expect(cards).toEqual([
      {
        heading: 'Data Platform User Guide',
        headingHref: doc('/6_5/Web/UserGuide/Default.htm'),
        links: ['Data Platform 6.5 User Guide', "What's New in 6.5"],
      },
      {
        heading: 'Helios',
        headingHref: doc('/WebHelios/Content/Helios/Overview.htm'),
        links: ['Helios overview'],
      },
      {
        heading: 'Technical Guides',
        headingHref: doc('/Content/TechGuides/TechnicalGuides.htm'),
        links: ['Technical guides'],
      },
      {
        heading: 'Security',
        headingHref: doc('/Content/TechGuides/TechnicalGuides.htm'),
        links: ['Security hardening'],
      },
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Casey');
  });

  it('lists the suggest API’s titles and completions for what is typed in the home search box', async () => {
    await page.goto(home);
    const box = page.getByRole('combobox', { name: 'Search the documentation' });
    await box.pressSequentially('anom');
    const list = page.locator(`datalist[id="${await box.getAttribute('list')}"] option`);
    await expect
      .poll(
        () => list.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
        {
          timeout: 15_000,
        },
      )
      .toEqual(expect.arrayContaining(['Ransomware Anomaly Detection', 'anomaly']));
    await box.fill('');
  });

  it('opens the search route with the typed string, encoded, and frames the client with it', async () => {
    await page.goto(home);
    const typed = '  restore a VM/disk #2 ? 100% café 東京  ';
    const searchString = typed.trim();
    // A combobox: the box lists the suggest API's titles and completions as the reader types.
    const box = page.getByRole('combobox', { name: 'Search the documentation' });
    await box.fill(typed);
    await box.press('Enter');
    const expectedPath = `/docs/ui/search/${encodeURIComponent(searchString)}`;
    await page.waitForURL((url) => url.pathname === expectedPath);
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('');

    const iframe = page.locator('iframe[title="Documentation search"]');
    expect(await iframe.getAttribute('src')).toBe(
      `/docs/search-client/v2/index.html?searchString=${encodeURIComponent(searchString)}`,
    );
    const frame = await (await iframe.elementHandle())?.contentFrame();
    expect(frame).toBeTruthy();
    // The client received the search string through the frame contract and shows it.
    await expect
      .poll(() =>
        frame?.evaluate(
          (text) =>
            Array.from(document.querySelectorAll('input')).some((input) => input.value === text),
          searchString,
        ),
      )
      .toBe(true);
  });
});

describe('routes and shell', () => {
  it('sends an unknown route to the app root', async () => {
    await page.goto(`${origin}/docs/ui/no/such/page`);
    await page.waitForURL((url) => url.pathname !== '/docs/ui/no/such/page');
    expect(new URL(page.url()).pathname).toBe('/docs/ui/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Casey');
  });

  it('links the logo to the documentation home page', async () => {
    await page.goto(home);
    const logo = page.getByRole('banner').getByRole('link', { name: 'Acme Documentation' });
    const href = `${origin}/docs/HomePage/Content/home.htm`;
    expect(await logo.getAttribute('href')).toBe(href);
    await logo.click();
    await page.waitForURL(href);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Acme Data Documentation',
    );
  });

  it('shows the reader name and Logout only once the user has loaded', async () => {
    const reader = await context.newPage();
    const held = gate();
    const userRequested = gate();
    await reader.route(`${origin}/docs/user`, async (route) => {
      userRequested.resolve();
      await held.promise;
      await route.continue();
    });
    await reader.goto(home);
    await userRequested.promise;
    expect(await reader.getByRole('link', { name: 'Logout' }).count()).toBe(0);
    expect(await reader.getByText('Casey Customer').count()).toBe(0);
    held.resolve();
    const banner = reader.getByRole('banner');
    await banner.getByRole('link', { name: 'Logout' }).waitFor();
    expect(await banner.getByText('Casey Customer').isVisible()).toBe(true);
    await reader.close();
  });

  it('keeps the shell but leaves out the name and Logout when the user cannot be loaded', async () => {
    const reader = await context.newPage();
    await reader.route(`${origin}/docs/user`, (route) =>
      route.fulfill({ status: 503, json: { code: 'unavailable', message: 'down' } }),
    );
    await reader.goto(home);
    await reader.getByRole('tablist').waitFor();
    const banner = reader.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Acme Documentation' }).isVisible()).toBe(true);
    expect(await banner.getByRole('link', { name: 'Logout' }).count()).toBe(0);
    expect(await banner.getByText('Casey Customer').count()).toBe(0);
    await reader.close();
  });

  it('shows the copyright footer fixed at the bottom, 30px high', async () => {
    await page.goto(home);
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    expect(await footer.textContent()).toBe(
      `© ${new Date().getFullYear()} Acme Data Inc. All Rights Reserved.`,
    );
    const place = () =>
      footer.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          position: getComputedStyle(element).position,
          height: box.height,
          bottomGap: window.innerHeight - box.bottom,
          width: box.width,
          windowWidth: document.documentElement.clientWidth,
        };
      });
    const atTop = await place();
    expect(atTop).toEqual({
      position: 'fixed',
      height: 30,
      bottomGap: 0,
      width: atTop.windowWidth,
      windowWidth: atTop.windowWidth,
    });
    await page.mouse.wheel(0, 5000);
    await page.waitForFunction(() => window.scrollY > 0);
    expect(await place()).toEqual(atTop);
  });
});

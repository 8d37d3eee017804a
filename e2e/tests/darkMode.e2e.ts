import { darkColours, lightColours } from '@docs-portal/contracts/theme';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser, newReader } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const LANDED =
  '/docs/6_5/Web/UserGuide/Content/Recovery/VMRecovery.htm?Highlight=recover%20vm#full-restore';

type Scheme = 'light' | 'dark';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The colour `--color-surface` resolves to in a document (or in a shadow root of it), as
 * `rgb(r, g, b)`, to prove that the reader's colour scheme reached the surface.
 */
function surfaceColour(frame: Page | Frame, shadowHost?: string): Promise<string> {
  return frame.evaluate((host) => {
    const root = host ? document.querySelector(host)?.shadowRoot : document;
    const parent = root instanceof ShadowRoot ? root : document.body;
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-surface)';
    parent.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, shadowHost);
}

/** `#rrggbb` as the `rgb(r, g, b)` that getComputedStyle answers. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function searchFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Documentation search"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the search page has no search frame');
  await frame.locator('#sc-results [role="option"]').first().waitFor({ timeout: 15_000 });
  return frame;
}

interface Surface {
  name: string;
  /** Which reader opens it: nobody (signed out), a customer or an employee. */
  reader: 'signed-out' | 'customer' | 'employee';
  /** Opens the surface and waits until it is complete; answers the frame holding its tokens. */
  open(page: Page): Promise<{ frame: Page | Frame; shadowHost?: string }>;
}

const surfaces: Surface[] = [
  {
    name: 'sign-in page',
    reader: 'signed-out',
    async open(page) {
      await page.goto(`${origin}/docs/ui/login`);
      await page.getByRole('button', { name: 'Click to sign in' }).waitFor();
      return { frame: page };
    },
  },
  {
    name: 'home page',
    reader: 'customer',
    async open(page) {
      await page.goto(`${origin}/docs/ui/`);
      await page.locator('.group-card').first().waitFor();
      return { frame: page };
    },
  },
  {
    name: 'search page',
    reader: 'customer',
    async open(page) {
      await page.goto(`${origin}/docs/ui/search/restore`);
      return { frame: await searchFrame(page) };
    },
  },
  {
    name: 'search overlay',
    reader: 'customer',
    async open(page) {
      await page.goto(`${origin}/docs/ui/`);
      await page.getByRole('link', { name: 'Logout' }).waitFor();
      await page.keyboard.press('Control+k');
      const overlay = page.frameLocator('iframe[title="Search the documentation"]');
      const box = overlay.getByRole('combobox', { name: 'Search the documentation' });
      await box.fill('recover vm');
      await overlay.locator('#sc-results [role="option"]').first().waitFor({ timeout: 15_000 });
      const host = await page
        .getByRole('dialog', { name: 'Search the documentation' })
        .evaluate((dialog) => {
          const root = dialog.getRootNode();
          return root instanceof ShadowRoot ? root.host.tagName.toLowerCase() : '';
        });
      return { frame: page, shadowHost: host };
    },
  },
  {
    name: '404 error page',
    reader: 'customer',
    async open(page) {
      await page.goto(`${origin}/docs/no/such/Backup-Policies.htm`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      return { frame: page };
    },
  },
  {
    name: 'sign-out page',
    reader: 'customer',
    async open(page) {
      await page.goto(`${origin}/docs/logout`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      return { frame: page };
    },
  },
  {
    name: 'analytics page',
    reader: 'employee',
    async open(page) {
      await page.goto(`${origin}/docs/analytics`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      return { frame: page };
    },
  },
  {
    name: 'doc page landed on from search, with highlights',
    reader: 'customer',
    async open(page) {
      await page.goto(origin + LANDED);
      await page.locator('mark.docs-portal-highlight').first().waitFor({ timeout: 10_000 });
      const bar = page.getByRole('navigation', { name: 'Documentation portal' });
      await bar.waitFor();
      const host = await bar.evaluate((nav) => {
        const root = nav.getRootNode();
        return root instanceof ShadowRoot ? root.host.tagName.toLowerCase() : '';
      });
      return { frame: page, shadowHost: host };
    },
  },
];

describe.each([
  ['light', 1280],
  ['light', 390],
  ['dark', 1280],
  ['dark', 390],
] as [Scheme, number][])('in %s mode at %i px', (scheme, width) => {
  const readers = new Map<Surface['reader'], BrowserContext>();

  beforeAll(async () => {
    readers.set('signed-out', (await newReader(browser, { width })).context);
    readers.set('customer', (await signInAs(browser, origin, 'customer', { width })).context);
    readers.set(
      'employee',
      (await signInAs(browser, origin, 'employee', { width, provider: 'employee' })).context,
    );
  });
  afterAll(async () => {
    for (const context of readers.values()) await context.close();
  });

  const expectedSurface = (scheme === 'dark' ? darkColours : lightColours).surface;

  for (const surface of surfaces) {
    it(`the ${surface.name} takes the ${scheme} colours and has no WCAG 2.1 AA violations`, async () => {
      const context = readers.get(surface.reader);
      if (!context) throw new Error(`no ${surface.reader} reader`);
      const page = await context.newPage();
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.emulateMedia({ colorScheme: scheme });
      const { frame, shadowHost } = await surface.open(page);
      await page.waitForLoadState('networkidle');
      expect(await surfaceColour(frame, shadowHost)).toBe(rgb(expectedSurface));
      const file = surface.name.replace(/[^a-z0-9]+/gi, '-');
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/docs-portal-${scheme}-${width}-${file}.png`,
      });
      expect(await checkAccessibility(page)).toEqual([]);
      await page.close();
    });
  }
});

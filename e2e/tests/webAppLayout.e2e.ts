import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newReader } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
/** Screenshots are written here for a person to look at; nothing compares them automatically. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
let browser: Browser;
let signedIn: BrowserContext;
let signedOut: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: signedIn } = await signInAs(browser, origin, 'partner'));
  ({ context: signedOut } = await newReader(browser));
});
afterAll(async () => {
  await browser?.close();
});

/** How the page fits the window: overflow, and whether the footer hides the end of the content. */
async function measureLayout(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const root = document.documentElement;
    const footer = document.querySelector('footer')?.getBoundingClientRect();
    const content = document.querySelector('main')?.lastElementChild?.getBoundingClientRect();
    // Elements inside a strip that scrolls sideways on its own (the tab list) may sit outside.
    const scrollsItself = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
      }
      return false;
    };
    const wider = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getClientRects().length > 0 && !scrollsItself(element))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.right > root.clientWidth + 1 || box.left < -1;
      })
      .filter((element) => !element.closest('.visually-hidden, [hidden]'))
      .map(
        (element) =>
          element.tagName.toLowerCase() + (element.className ? `.${element.className}` : ''),
      );
    return {
      horizontalScroll: root.scrollWidth > window.innerWidth,
      outsideTheWindow: wider.slice(0, 5),
      contentEndsAboveFooter:
        footer !== undefined && content !== undefined && content.bottom <= footer.top + 0.5,
    };
  });
}

const pages = [
  { name: 'login', path: '/docs/ui/login', ready: 'button', signedIn: false },
  { name: 'home', path: '/docs/ui/', ready: '.group-card', signedIn: true },
  { name: 'search', path: '/docs/ui/search/restore%20a%20VM', ready: 'iframe', signedIn: true },
] as const;

describe('layout from 360px to 1440px wide', () => {
  for (const width of [360, 1440]) {
    for (const target of pages) {
      it(`fits the ${target.name} page in a ${width}px window without horizontal scrolling`, async () => {
        const page = await (target.signedIn ? signedIn : signedOut).newPage();
        await page.setViewportSize({ width, height: 800 });
        await page.goto(origin + target.path);
        await page.locator(target.ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/docs-portal-${target.name}-${width}.png`,
          fullPage: true,
        });
        expect(await measureLayout(page)).toEqual({
          horizontalScroll: false,
          outsideTheWindow: [],
          contentEndsAboveFooter: true,
        });
        await page.close();
      });
    }
  }

  it('keeps every product tab reachable in a 360px window by touch and by keyboard', async () => {
    const page = await signedIn.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${origin}/docs/ui/`);
    // On a phone the product tabs sit in a "Products" menu, closed until opened.
    await page.getByRole('button', { name: /Products/ }).click();
    const labels = ['Data Platform', 'Helios', 'Cloud Services', 'Insights'];
    const selected: string[] = [];
    for (const label of labels) {
      const tab = page.getByRole('tab', { name: label });
      await tab.click();
      if ((await tab.getAttribute('aria-selected')) === 'true') selected.push(label);
    }
    expect(selected).toEqual(labels);

    // The keyboard moves focus to the last tab, which scrolls it fully into the window.
    await page.getByRole('tab', { name: 'Insights' }).press('Home');
    await page.getByRole('tab', { name: 'Data Platform' }).press('End');
    const last = await page.getByRole('tab', { name: 'Insights' }).boundingBox();
    expect(last && last.x >= 0 && last.x + last.width <= 360).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.close();
  });
});

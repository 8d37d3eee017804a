import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from '../harness/axe';
import { launchBrowser, newReader } from '../harness/browser';
import { signInAs } from '../harness/signInAs';

const origin = inject('portalOrigin');
let browser: Browser;
let signedIn: BrowserContext;
let signedOut: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: signedIn } = await signInAs(browser, origin, 'customer'));
  ({ context: signedOut } = await newReader(browser));
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the search page's framed client has taken over its frame. */
async function searchClientReady(page: Page): Promise<void> {
  const iframe = page.locator('iframe[title="Documentation search"]');
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the search page has no search frame');
  await frame.waitForFunction(() =>
    Array.from(document.querySelectorAll('input')).some((input) => input.value === 'restore'),
  );
}

const pages = [
  {
    name: 'sign-in page',
    path: '/docs/ui/login',
    signedIn: false,
    ready: (page: Page) => page.getByRole('button', { name: 'Click to sign in' }).waitFor(),
  },
  {
    name: 'home page',
    path: '/docs/ui/',
    signedIn: true,
    ready: (page: Page) => page.locator('.group-card').first().waitFor(),
  },
  {
    name: 'search page',
    path: '/docs/ui/search/restore',
    signedIn: true,
    ready: searchClientReady,
  },
];

describe('accessibility (axe-core, WCAG 2.0 and 2.1 A and AA)', () => {
  for (const width of [1280, 360]) {
    for (const target of pages) {
      it(`finds no violations on the ${target.name} at ${width}px`, async () => {
        const page = await (target.signedIn ? signedIn : signedOut).newPage();
        await page.setViewportSize({ width, height: 800 });
        await page.goto(origin + target.path);
        await target.ready(page);
        await page.waitForLoadState('networkidle');
        expect(await checkAccessibility(page)).toEqual([]);
        await page.close();
      });
    }
  }

  it('reports violations of the page and of the framed search client, so a pass means something', async () => {
    const page = await signedIn.newPage();
    await page.goto(`${origin}/docs/ui/search/restore`);
    await searchClientReady(page);
    const addUnlabelledImage = () => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      image.id = 'unlabelled-image';
      document.body.append(image);
    };
    await page.evaluate(addUnlabelledImage);
    const frame = page.frames().find((f) => f.url().includes('/search-client/'));
    await frame?.evaluate(addUnlabelledImage);
    const violations = await checkAccessibility(page);
    expect(violations.map(({ id, targets }) => ({ id, targets: [...targets].sort() }))).toEqual([
      { id: 'image-alt', targets: ['#unlabelled-image', 'iframe >> #unlabelled-image'] },
    ]);
    await page.close();
  });
});

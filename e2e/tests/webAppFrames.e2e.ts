import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { REPO_ROOT, startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

/** The repository's default config with the environment flags replaced and absolute doc folders. */
function configWith(environment: { useMamba20SearchClient: boolean; isProd: boolean }): string {
  const text = readFileSync(path.join(REPO_ROOT, 'portal.config.yaml'), 'utf8');
  const block = /^environment:\n(?:[ \t]+.*\n)+/m;
  if (!block.test(text)) throw new Error('portal.config.yaml has no environment block to replace');
  return text
    .replace(
      block,
      `environment:\n  useMamba20SearchClient: ${environment.useMamba20SearchClient}\n  isProd: ${environment.isProd}\n`,
    )
    .replace(
      /^(\s+folder: )(content\/\S+)$/gm,
      (_line, key: string, folder: string) => `${key}${path.join(REPO_ROOT, folder)}`,
    );
}

const choices = [
  {
    name: 'the newer client production page',
    environment: { useMamba20SearchClient: true, isProd: true },
    page: '/docs/search-client/v2/index.html',
  },
  {
    name: 'the newer client sandbox page',
    environment: { useMamba20SearchClient: true, isProd: false },
    page: '/docs/search-client/v2/sandbox.html',
  },
  {
    name: 'the older client',
    environment: { useMamba20SearchClient: false, isProd: true },
    page: '/docs/search-client/legacy/index.html',
  },
] as const;

/**
 * Runs in every document of the profile: search client pages keep each frame-contract init
 * message they receive, so the test sees exactly what the portal handed over, whatever the client
 * does with it.
 */
function recordInitMessages() {
  if (!window.location.pathname.includes('/search-client/')) return;
  const store = window as unknown as { portalInits: unknown[] };
  store.portalInits = [];
  window.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown } | null;
    if (event.source === window.parent && data?.type === 'docs-portal:init') {
      store.portalInits.push(data);
    }
  });
}

interface Reader {
  portal: PortalProcess;
  context: BrowserContext;
  page: Page;
}

let browser: Browser;
const readers: Reader[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const portals = await Promise.all(
    choices.map((choice) => startPortalProcess({ configYaml: configWith(choice.environment) })),
  );
  for (const portal of portals) {
    const { context, page } = await signInAs(browser, portal.origin, 'customer');
    await context.addInitScript(recordInitMessages);
    readers.push({ portal, context, page });
  }
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(readers.map((reader) => reader.portal.stop()));
});

/** The framed search client of the search page, once it has loaded. */
async function searchFrame(page: Page): Promise<Frame> {
  const iframe = page.locator('iframe[title="Documentation search"]');
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the search page has no search frame');
  await frame.waitForLoadState('load');
  return frame;
}

/**
 * What the frame has received and shows: the distinct init messages (the portal answers the
 * client's hello and also each load of the frame, with the same message), and whether an input
 * holds `text`.
 */
async function frameView(frame: Frame, text: string) {
  return frame.evaluate(
    (expected) => ({
      inits: [
        ...new Set(
          ((window as unknown as { portalInits?: unknown[] }).portalInits ?? []).map((init) =>
            JSON.stringify(init),
          ),
        ),
      ].map((init) => JSON.parse(init) as unknown),
      inputHoldsSearch: Array.from(document.querySelectorAll('input')).some(
        (input) => input.value === expected,
      ),
    }),
    text,
  );
}

describe('the search frame follows the environment config', () => {
  choices.forEach((choice, index) => {
    it(`frames ${choice.name} and hands it the search URL and search string`, async () => {
      const { portal, page } = readers[index]!;
      const searchString = 'restore a VM/disk #2 ? café';
      await page.goto(`${portal.origin}/docs/ui/search/${encodeURIComponent(searchString)}`);
      const iframe = page.locator('iframe[title="Documentation search"]');
      expect(await iframe.getAttribute('src')).toBe(
        `${choice.page}?searchString=${encodeURIComponent(searchString)}`,
      );
      const frame = await searchFrame(page);
      expect(new URL(frame.url()).pathname).toBe(choice.page);
      expect(new URL(frame.url()).searchParams.get('searchString')).toBe(searchString);
      await expect
        .poll(() => frameView(frame, searchString))
        .toEqual({
          inits: [
            { type: 'docs-portal:init', searchUrl: '/docs/search', searchString, filters: {} },
          ],
          inputHoldsSearch: true,
        });
    });
  });

  it('reads the searchString query parameter when the route has none', async () => {
    const { portal, page } = readers[2]!;
    await page.goto(
      `${portal.origin}/docs/ui/search?searchString=${encodeURIComponent('k8s & s3')}`,
    );
    expect(await page.locator('iframe[title="Documentation search"]').getAttribute('src')).toBe(
      `/docs/search-client/legacy/index.html?searchString=${encodeURIComponent('k8s & s3')}`,
    );
    const frame = await searchFrame(page);
    await expect
      .poll(() => frameView(frame, 'k8s & s3'))
      .toEqual({
        inits: [
          {
            type: 'docs-portal:init',
            searchUrl: '/docs/search',
            searchString: 'k8s & s3',
            filters: {},
          },
        ],
        inputHoldsSearch: true,
      });
  });

  it('serves each portal the environment flags of its own config', async () => {
    const answers = await Promise.all(
      readers.map(async ({ page, portal }) => {
        const response = await page.request.get(`${portal.origin}/docs/environment`);
        const body = (await response.json()) as Record<string, unknown>;
        return { useMamba20SearchClient: body.useMamba20SearchClient, isProd: body.isProd };
      }),
    );
    expect(answers).toEqual(choices.map((choice) => choice.environment));
  });
});

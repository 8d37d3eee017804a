import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { signInAs } from '../harness/signInAs';
import { REPO_ROOT, startPortalProcess, type PortalProcess } from '../harness/startPortalProcess';

const FIXTURES = path.join(REPO_ROOT, 'packages/search/test/fixtures');

/** Fixture doc sets shaped like real generator output, published beside the samples. */
const GENERATOR_SETS = [
  { id: 'fx-flare12', mount: 'Fixtures/Flare12', folder: 'flare12', probe: 'prorated' },
  { id: 'fx-sphinx', mount: 'Fixtures/Sphinx', folder: 'sphinx-site', probe: 'lockfile' },
  { id: 'fx-docbook', mount: 'Fixtures/DocBook', folder: 'docbook-site', probe: 'journaled' },
];

const QUERY_COUNT = 200;

/**
 * The default config, folders made absolute, plus the generator fixtures as doc sets (the data
 * folder is the harness's temporary one, through DATA_DIR).
 */
function config(): string {
  const extra = GENERATOR_SETS.map(
    (set) =>
      `  - id: ${set.id}\n    mount: ${set.mount}\n    folder: ${path.join(FIXTURES, set.folder)}\n` +
      `    title: ${set.folder}\n    product: Fixtures\n    version: '1'\n    docType: Guide\n`,
  ).join('');
  return readFileSync(path.join(REPO_ROOT, 'portal.config.yaml'), 'utf8')
    .replace(/folder: content\//g, `folder: ${REPO_ROOT}/content/`)
    .replace(/^docSets:\n/m, `docSets:\n${extra}`);
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.html?$/i.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * 200 queries drawn from the words of every published doc set: words of headings first (they
 * lead to section hits), then body words, spread over all sets, always the same ones.
 */
function pickQueries(): string[] {
  const folders = [
    ...readdirSync(path.join(REPO_ROOT, 'content/sample'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name)),
    ...GENERATOR_SETS.map((set) => path.join(FIXTURES, set.folder)),
  ];
  const perSet = folders.map((folder) => {
    const headings = new Set<string>();
    const body = new Set<string>();
    for (const file of htmlFiles(folder).sort()) {
      const html = readFileSync(file, 'utf8').replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ');
      for (const match of html.matchAll(/<h[2-6][^>]*>([\s\S]*?)<\/h[2-6]>/gi)) {
        for (const word of (match[1] ?? '').replace(/<[^>]+>/g, ' ').match(/\p{L}{5,}/gu) ?? [])
          headings.add(word.toLowerCase());
      }
      for (const match of html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/gi)) {
        for (const word of (match[1] ?? '').replace(/<[^>]+>/g, ' ').match(/\p{L}{6,}/gu) ?? [])
          body.add(word.toLowerCase());
      }
    }
    return [...headings, ...[...body].filter((word) => !headings.has(word))];
  });
  const queries = new Set<string>();
  for (let round = 0; queries.size < QUERY_COUNT; round++) {
    const before = queries.size;
    for (const words of perSet) {
      const word = words[round];
      if (word !== undefined && queries.size < QUERY_COUNT) queries.add(word);
    }
    if (queries.size === before && perSet.every((words) => round >= words.length)) break;
  }
  return [...queries];
}

interface Hit {
  url: string;
  sections: Array<{ url: string }>;
}

let portal: PortalProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function search(q: string): Promise<Hit[]> {
  const res = await page.request.get(
    `${portal.origin}/docs/search?q=${encodeURIComponent(q)}&pageSize=100`,
  );
  expect(res.status(), q).toBe(200);
  return ((await res.json()) as { hits: Hit[] }).hits;
}

beforeAll(async () => {
  portal = await startPortalProcess({ configYaml: config() });
  browser = await launchBrowser();
  ({ context, page } = await signInAs(browser, portal.origin, 'employee', {
    provider: 'employee',
  }));
  // The portal indexes the doc sets after it starts listening: wait until each set answers.
  const deadline = Date.now() + 60_000;
  for (const set of GENERATOR_SETS) {
    while ((await search(set.probe)).length === 0) {
      if (Date.now() > deadline) throw new Error(`${set.id} was not indexed in time`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.stop();
});

describe('section links of search hits', () => {
  it('every anchor of the hits of 200 queries names an element of the served page', async () => {
    const queries = pickQueries();
    expect(queries).toHaveLength(QUERY_COUNT);
    const anchorsByPage = new Map<string, Set<string>>();
    let urls = 0;
    for (const q of queries) {
      for (const hit of await search(q)) {
        for (const url of [hit.url, ...hit.sections.map((s) => s.url)]) {
          urls++;
          const parsed = new URL(url, portal.origin);
          if (parsed.hash.length <= 1) continue;
          const anchors = anchorsByPage.get(parsed.pathname) ?? new Set<string>();
          anchors.add(decodeURIComponent(parsed.hash.slice(1)));
          anchorsByPage.set(parsed.pathname, anchors);
        }
      }
    }
    const total = [...anchorsByPage.values()].reduce((sum, set) => sum + set.size, 0);
    expect(urls).toBeGreaterThan(QUERY_COUNT);
    expect(total).toBeGreaterThan(100);
    for (const set of GENERATOR_SETS) {
      expect([...anchorsByPage.keys()].some((p) => p.startsWith(`/docs/${set.mount}/`))).toBe(true);
    }
    const missing: string[] = [];
    for (const [pathname, anchors] of anchorsByPage) {
      const res = await page.goto(`${portal.origin}${pathname}`);
      expect(res?.status(), pathname).toBe(200);
      const absent = await page.evaluate(
        (names) =>
          names.filter(
            (name) =>
              !document.getElementById(name) && document.getElementsByName(name).length === 0,
          ),
        [...anchors],
      );
      missing.push(...absent.map((name) => `${pathname}#${name}`));
    }
    expect(missing).toEqual([]);
  });

  it('opens a section whose heading had no id at that section, with the terms marked in view', async () => {
    const hits = await search('anniversary billing');
    const section = hits
      .flatMap((hit) => hit.sections)
      .find((s) => s.url.includes('Billing_Cycles.htm') && s.url.includes('#anniversary-billing'));
    expect(section).toBeDefined();
    await page.goto(new URL(section?.url ?? '', portal.origin).href);
    const marks = page.locator('mark.docs-portal-highlight');
    await expect.poll(() => marks.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const view = await page.evaluate(() => {
      const target = document.getElementById('anniversary-billing');
      const inView = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      };
      const atBottom =
        window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      const top = target?.getBoundingClientRect().top ?? -100;
      return {
        // A section near the end of a short page cannot reach the top of the window.
        headingAtTop: top >= -1 && (top < 50 || (atBottom && top < window.innerHeight)),
        marksInView: Array.from(document.querySelectorAll('mark.docs-portal-highlight')).filter(
          inView,
        ).length,
      };
    });
    expect(view.headingAtTop).toBe(true);
    expect(view.marksInView).toBeGreaterThan(0);
  });
});

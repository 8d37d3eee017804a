/// <reference lib="dom" />
// Time from a keystroke in the newer search client to its results painted, in Debian's headless
// Chromium, against a running portal (which must be serving the search API). For each keystroke
// the clock runs from its keydown to the first paint of results for that text or a later one, so
// the client's debounce is part of the figure. Prints p50 / p95 / max per typing speed, and where
// the time went (waiting to search, the server's own time, the rest of the round trip, rendering).
//
//   node --import tsx bench/clients/keystroke.ts http://127.0.0.1:8080
//     [--base /docs] [--page v2/index.html | --search-page | --overlay] [--user customer]
//     [--no-sign-in] [--delays 200,80] [--runs 3] [--queries "backup,restore vm,install"] [--json]
//
// --overlay measures the search overlay instead: the portal's home page ({base}/ui/), `/` to open
// it, then the same typing in the client it frames. --search-page types in the client framed by the
// portal's search page ({base}/ui/search/), as readers do, instead of the client page on its own.
//
// Sign-in goes through the development identity provider's form (user / password `demo`);
// --no-sign-in skips it (a portal stand-in without sessions).
import { parseArgs } from 'node:util';
import { chromium, type Frame, type Page } from 'playwright-core';

const DEFAULT_QUERIES = [
  'backup',
  'restore vm',
  'install',
  'upgrade cluster',
  'configure network',
  'release notes',
  'snapshot policy',
  'replication',
];

/** A search request of the client: when it started and answered, and the server's own time. */
interface SearchCall {
  query: string;
  start: number;
  /** When the answer's headers arrived (unset: aborted or failed). */
  answered?: number;
  /** `tookMs` of the answer. */
  tookMs?: number;
  /** Set once the answer's body has been read, or failed to be (aborted). */
  bodyRead?: true;
}

/** What the page records: keystrokes (with the text they left), searches and result paints. */
interface Timeline {
  keys: { t: number; value?: string }[];
  requests: SearchCall[];
  paints: { t: number; query: string }[];
}

declare global {
  interface Window {
    /** Filled by the instrumentation script. */
    __keystrokeBench: Timeline;
  }
}

/** Runs in the page before its scripts: records keydowns on the box and result paints. */
function instrument(): void {
  const timeline: Timeline = { keys: [], requests: [], paints: [] };
  window.__keystrokeBench = timeline;
  // The client calls the global fetch: note each search's start, answer and server time (once:
  // a window that is instrumented again keeps its wrapper, which records into the new timeline).
  const wrapped = window as unknown as { __keystrokeFetch?: true };
  if (!wrapped.__keystrokeFetch) {
    wrapped.__keystrokeFetch = true;
    const fetchAsIs = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const query = url.searchParams.get('q');
      if (query === null) return fetchAsIs(input, init);
      const call: SearchCall = { query, start: performance.now() };
      window.__keystrokeBench.requests.push(call);
      const response = await fetchAsIs(input, init);
      call.answered = performance.now();
      response
        .clone()
        .json()
        .then(
          (body: { tookMs?: number }) => (call.tookMs = body.tookMs),
          () => undefined, // aborted by the next keystroke while the body was read
        )
        .finally(() => (call.bodyRead = true));
      return response;
    };
  }
  const isBox = (target: EventTarget | null) => (target as HTMLElement | null)?.id === 'sc-q';
  document.addEventListener(
    'keydown',
    (event) => {
      if (isBox(event.target)) timeline.keys.push({ t: event.timeStamp });
    },
    true,
  );
  document.addEventListener(
    'input',
    (event) => {
      const last = timeline.keys.at(-1);
      if (isBox(event.target) && last) last.value = (event.target as HTMLInputElement).value.trim();
    },
    true,
  );
  let shown = '';
  const afterPaint = (query: string) => {
    // The frame that paints the change runs rAF callbacks first; a message posted there is
    // delivered once that frame is done.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => timeline.paints.push({ t: performance.now(), query });
      channel.port2.postMessage(null);
    });
  };
  new MutationObserver(() => {
    const status = document.querySelector('[role="status"]')?.textContent ?? '';
    const match = /for “(.*)”$/.exec(status);
    if (!match) shown = '';
    if (!match || document.querySelector('.sc-stale')) return;
    const query = match[1] ?? '';
    if (query === shown) return;
    shown = query;
    afterPaint(query);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * Where one keystroke's time went: until the search of the text painted started (the client's
 * debounce, or waiting for a later keystroke when this one's search was overtaken), the server's
 * own time, the rest of the round trip (HTTP, session, network), and from the answer to the
 * paint (body, parsing, rendering).
 */
export interface KeystrokeTiming {
  /** The text the keystroke left in the box. */
  text: string;
  total: number;
  wait: number;
  server: number;
  http: number;
  render: number;
}

/** Timings from each keystroke that changes the text to the first paint of it or a later text. */
export function keystrokeTimings(timeline: Timeline): KeystrokeTiming[] {
  // A keystroke that leaves the searched text as it was (a space) has nothing new to paint.
  const keys = timeline.keys.filter(
    (k, i) => k.value !== undefined && k.value !== '' && k.value !== timeline.keys[i - 1]?.value,
  );
  const timings: KeystrokeTiming[] = [];
  keys.forEach((key, i) => {
    const later = new Set(keys.slice(i).map((k) => k.value));
    const paint = timeline.paints.find((p) => p.t >= key.t && later.has(p.query));
    if (!paint) return;
    const request = timeline.requests.findLast(
      (r) => r.query === paint.query && r.answered !== undefined && r.answered <= paint.t,
    );
    const total = paint.t - key.t;
    if (request?.answered === undefined) {
      timings.push({
        text: key.value ?? '',
        total,
        wait: Number.NaN,
        server: Number.NaN,
        http: Number.NaN,
        render: Number.NaN,
      });
      return;
    }
    const server = request.tookMs ?? Number.NaN;
    const start = Math.max(key.t, request.start);
    timings.push({
      text: key.value ?? '',
      total,
      wait: start - key.t,
      server,
      http: request.answered - start - server,
      render: paint.t - request.answered,
    });
  });
  return timings;
}

/** Milliseconds from each keystroke that changes the text to the first paint of it or a later text. */
export function keystrokeLatencies(timeline: Timeline): number[] {
  return keystrokeTimings(timeline).map((t) => t.total);
}

/** The `p`-th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ] as number;
}

async function signIn(page: Page, origin: string, base: string, user: string, target: string) {
  await page.goto(`${origin}${base}/auth/salesforce?return=${encodeURIComponent(target)}`);
  await page.fill('input[name="username"]', user);
  await page.fill('input[name="password"]', 'demo');
  const landing = new URL(target, origin).pathname;
  await Promise.all([
    page.waitForURL((url) => url.pathname === landing),
    page.click('button[type="submit"]'),
  ]);
}

/** The overlay's frame of the newer client. */
const OVERLAY_FRAME = 'iframe[title="Search the documentation"]';

/**
 * Opens the overlay with `/` on the home page once the shell is there. Every home page has its
 * search form (link panels are optional); the shortcut's listener is attached by an effect after
 * that render, so `/` is pressed again until the overlay's frame shows up.
 */
async function openOverlay(page: Page): Promise<void> {
  await page.waitForSelector('form[role="search"]');
  const frame = page.locator(OVERLAY_FRAME);
  for (let attempt = 0; ; attempt += 1) {
    await page.keyboard.press('/');
    try {
      await frame.waitFor({ timeout: 1_000 });
      return;
    } catch (error) {
      if (attempt >= 9) throw error;
    }
  }
}

/** Where the client runs: the page itself, or the overlay's frame (where Esc would close it). */
interface Client {
  page: Page;
  scope: Page | Frame;
  overlay: boolean;
}

async function typeQuery(client: Client, query: string, delay: number): Promise<KeystrokeTiming[]> {
  const { page, scope } = client;
  const box = scope.locator('#sc-q');
  await box.focus();
  if (client.overlay) await box.fill('');
  else await page.keyboard.press('Escape');
  await scope.waitForFunction(() => !document.querySelector('[role="option"]'));
  // A pause longer than the debounce: every query starts from a quiet box.
  await page.waitForTimeout(300);
  await scope.evaluate(() => {
    window.__keystrokeBench.keys = [];
    window.__keystrokeBench.requests = [];
    window.__keystrokeBench.paints = [];
  });
  await page.keyboard.type(query, { delay });
  await scope.waitForFunction(
    (q) => window.__keystrokeBench.paints.some((p) => p.query === q),
    query.trim(),
    { timeout: 10_000 },
  );
  // The server's time is read from each answer's body after it is handed on: let it land.
  await scope.waitForFunction(() =>
    window.__keystrokeBench.requests.every((r) => r.answered === undefined || r.bodyRead),
  );
  return keystrokeTimings(await scope.evaluate(() => window.__keystrokeBench));
}

/** Figures of one typing speed. */
interface Result {
  delayMs: number;
  keystrokes: number;
  p50: number;
  p95: number;
  max: number;
  /** Median of each part of the time, over all keystrokes and over the slowest 5 %. */
  parts: Record<'all' | 'slowest', Parts>;
  /** The slowest keystrokes. */
  slowest: KeystrokeTiming[];
}

type Parts = Omit<KeystrokeTiming, 'total' | 'text'>;

const PARTS = ['wait', 'server', 'http', 'render'] as const;

function summarise(delayMs: number, timings: readonly KeystrokeTiming[]): Result {
  const totals = timings.map((t) => t.total);
  const p95 = percentile(totals, 95);
  const medians = (of: readonly KeystrokeTiming[]) =>
    Object.fromEntries(
      PARTS.map((part) => [
        part,
        percentile(
          of.map((t) => t[part]).filter((v) => !Number.isNaN(v)),
          50,
        ),
      ]),
    ) as Parts;
  return {
    delayMs,
    keystrokes: timings.length,
    p50: percentile(totals, 50),
    p95,
    max: Math.max(...totals),
    parts: { all: medians(timings), slowest: medians(timings.filter((t) => t.total >= p95)) },
    slowest: [...timings].sort((a, b) => b.total - a.total).slice(0, 10),
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      base: { type: 'string', default: '/docs' },
      page: { type: 'string', default: 'v2/index.html' },
      user: { type: 'string', default: 'customer' },
      'no-sign-in': { type: 'boolean', default: false },
      overlay: { type: 'boolean', default: false },
      'search-page': { type: 'boolean', default: false },
      delays: { type: 'string', default: '200,80' },
      runs: { type: 'string', default: '3' },
      queries: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const portal = positionals[0];
  if (!portal) {
    console.error('usage: keystroke.ts <portal URL, e.g. http://127.0.0.1:8080> [options]');
    process.exit(2);
  }
  const origin = new URL(portal).origin;
  const base = values.base;
  const searchPage = values['search-page'];
  const target = values.overlay
    ? `${base}/ui/`
    : searchPage
      ? `${base}/ui/search/`
      : `${base}/search-client/${values.page}`;
  const queries =
    values.queries
      ?.split(',')
      .map((q) => q.trim())
      .filter(Boolean) ?? DEFAULT_QUERIES;
  const delays = values.delays.split(',').map(Number);
  const runs = Number(values.runs);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results: Result[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx names functions with an `__name` helper the page does not have: give it one.
    const instrumentation = `(() => { const __name = (f) => f; (${instrument.toString()})(); })();`;
    await page.addInitScript({ content: instrumentation });
    if (!values['no-sign-in']) await signIn(page, origin, base, values.user, target);
    await page.goto(`${origin}${target}`);
    let scope: Page | Frame = page;
    if (values.overlay) {
      await openOverlay(page);
      const frame = page.frameLocator(OVERLAY_FRAME);
      await frame.locator('#sc-q').waitFor();
      scope = page.frames().find((f) => f.url().includes('/search-client/v2/')) ?? page;
      // The frame's page reuses the window of its first about:blank document, which the init
      // script instrumented; instrument the page that is there now.
      await scope.evaluate(instrumentation);
    } else if (searchPage) {
      const iframe = await page.waitForSelector('iframe[title="Documentation search"]');
      const frame = await iframe.contentFrame();
      if (!frame) throw new Error('the search page has no search frame');
      await frame.waitForSelector('#sc-q');
      scope = frame;
    } else {
      await page.waitForSelector('#sc-q');
    }
    const client: Client = { page, scope, overlay: values.overlay };
    // Warm-up: first requests pay for connections and the engine's caches.
    await typeQuery(client, queries[0] ?? 'backup', 50);
    for (const delay of delays) {
      const timings: KeystrokeTiming[] = [];
      for (let run = 0; run < runs; run += 1) {
        for (const query of queries) timings.push(...(await typeQuery(client, query, delay)));
      }
      results.push(summarise(delay, timings));
    }
  } finally {
    await browser.close();
  }
  if (values.json) {
    console.log(JSON.stringify({ portal: origin, page: target, results }, null, 2));
    return;
  }
  console.log(`keystroke to results painted, ${target} on ${origin}`);
  console.log(['typing delay', 'keystrokes', '     p50', '     p95', '     max'].join('  '));
  for (const r of results) {
    console.log(
      [
        `${r.delayMs} ms/key`.padEnd(12),
        String(r.keystrokes).padStart(10),
        `${r.p50.toFixed(1)} ms`.padStart(8),
        `${r.p95.toFixed(1)} ms`.padStart(8),
        `${r.max.toFixed(1)} ms`.padStart(8),
      ].join('  '),
    );
  }
  console.log('\nmedian parts (wait: until the painted search started; server: its tookMs;');
  console.log('http: rest of the round trip; render: answer to paint)');
  for (const r of results) {
    for (const which of ['all', 'slowest'] as const) {
      const parts = PARTS.map((part) => `${part} ${r.parts[which][part].toFixed(1)}`).join(', ');
      const label = which === 'all' ? 'all keystrokes' : 'slowest 5 %';
      console.log(`${r.delayMs} ms/key, ${label}: ${parts} ms`);
    }
    console.log(`${r.delayMs} ms/key, the slowest keystrokes:`);
    for (const t of r.slowest) {
      const parts = PARTS.map((part) => `${part} ${t[part].toFixed(1)}`).join(', ');
      console.log(`  ${JSON.stringify(t.text).padEnd(20)} ${t.total.toFixed(1)} ms (${parts})`);
    }
  }
}

await main();

// The bundle budgets of the browser code and the check that holds them; the root `npm test`
// runs it after the build (see checkSize.ts), so a change that makes readers download more
// fails the build instead of slipping through.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { firstLoadScripts, gzipSizes, kb } from './firstLoad';

/** One entry of a build and the most first-load JavaScript it may cost. */
export interface BundleBudget {
  /** What it is, in the product's words. */
  label: string;
  /** The entry page or script, relative to the repository root. */
  entry: string;
  /** Most gzipped bytes of JavaScript loaded at once (kB of 1000 bytes). */
  maxGzipBytes: number;
}

/** The budgets: web app 90 kB, newer client 60 kB, older 10 kB, doc-page script 8 kB. */
export const BUNDLE_BUDGETS: readonly BundleBudget[] = [
  { label: 'web app', entry: 'packages/web/dist/index.html', maxGzipBytes: 90_000 },
  {
    label: 'newer client, production',
    entry: 'packages/search-client/dist/v2/index.html',
    maxGzipBytes: 60_000,
  },
  {
    label: 'newer client, sandbox',
    entry: 'packages/search-client/dist/v2/sandbox.html',
    maxGzipBytes: 60_000,
  },
  {
    label: 'older client',
    entry: 'packages/search-client/dist/legacy/index.html',
    maxGzipBytes: 10_000,
  },
  // Issue 11 gave the highlighter alone 3 kB; since issue 12 it is the doc-page script (portal
  // bar, shortcuts, highlights), held to issue 12's 6 kB per doc page. The overlay module loads
  // only when a reader opens search from a doc page. Issues 15 and 16 raised it to 8 kB: the
  // version switcher and older-version banner (about 1.2 kB) and "Was this page helpful?" with the
  // missing-section report (about 1.5 kB) run on every doc page and must show without a second
  // request, so they cannot wait for a click like the overlay does.
  {
    label: 'doc-page script',
    entry: 'packages/search-client/dist/highlight.js',
    maxGzipBytes: 8_000,
  },
  {
    label: 'doc-page search overlay (on first use)',
    entry: 'packages/search-client/dist/overlay.js',
    maxGzipBytes: 6_000,
  },
];

/** The measured first load of one budgeted entry. */
export interface BudgetResult {
  budget: BundleBudget;
  /** Scripts counted, relative to the repository root (empty when the entry is missing). */
  files: string[];
  /** Their raw bytes. */
  raw: number;
  /** Their gzipped bytes. */
  gzip: number;
  /** False when the entry was not built: a missing build never passes the check. */
  built: boolean;
  /** Built and within budget. */
  ok: boolean;
}

/** Measures every budgeted entry under `root` (the repository root, or a test's folder). */
export function checkBudgets(
  root: string,
  budgets: readonly BundleBudget[] = BUNDLE_BUDGETS,
): BudgetResult[] {
  return budgets.map((budget) => {
    const entry = join(root, budget.entry);
    if (!existsSync(entry)) {
      return { budget, files: [], raw: 0, gzip: 0, built: false, ok: false };
    }
    const files = firstLoadScripts(entry);
    const { raw, gzip } = gzipSizes(files);
    return {
      budget,
      files: files.map((file) => relative(root, file)),
      raw,
      gzip,
      built: true,
      ok: gzip <= budget.maxGzipBytes,
    };
  });
}

/** One line per result: what, gzipped size, budget, verdict. */
export function formatBudgetResult(result: BudgetResult): string {
  const { budget } = result;
  const verdict = !result.built
    ? `not built (${budget.entry} is missing: run npm run build)`
    : result.ok
      ? 'within'
      : `OVER by ${kb(result.gzip - budget.maxGzipBytes)}`;
  return [
    budget.label.padEnd(26),
    (result.built ? kb(result.gzip) : '-').padStart(9),
    `of ${kb(budget.maxGzipBytes)}`.padStart(11),
    ' ',
    verdict,
  ].join(' ');
}

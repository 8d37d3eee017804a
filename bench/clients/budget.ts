// Prints the JavaScript each search client page loads at first (the page's scripts, module
// preloads and the chunks they import), gzipped (zlib level 9), against its budget, and the
// doc-page script (portal bar + highlighter) and its search overlay. Builds nothing: run `npm run build -w @docs-portal/search-client` first.
// The same budgets fail `npm test` through bench/bundle/checkSize.ts.
//
//   node --import tsx bench/clients/budget.ts          prints a table
//   node --import tsx bench/clients/budget.ts --json   prints the figures as JSON
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_BUDGETS } from '../bundle/budgets';
import { firstLoadScripts, gzipSizes, kb } from '../bundle/firstLoad';

/** The first-load JavaScript of one client page. */
export interface ClientBudget {
  /** Path under dist/. */
  page: string;
  /** What it is. */
  label: string;
  /** Files of JavaScript it loads at once. */
  files: string[];
  /** Their bytes. */
  raw: number;
  /** Their gzipped bytes. */
  gzip: number;
  /** The budget in gzipped bytes. */
  budget: number;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const distFolder = 'packages/search-client/dist';
const dist = join(root, distFolder);

/** Measures every client page of the built dist/; null when it has not been built. */
export function measureClients(): ClientBudget[] | null {
  if (!existsSync(dist)) return null;
  return BUNDLE_BUDGETS.filter(({ entry }) => entry.startsWith(`${distFolder}/`)).map(
    ({ entry, label, maxGzipBytes }) => {
      const files = firstLoadScripts(join(root, entry));
      const page = relative(dist, join(root, entry));
      const sizes = gzipSizes(files);
      return {
        page,
        label,
        files: files.map((f) => relative(dist, f)),
        ...sizes,
        budget: maxGzipBytes,
      };
    },
  );
}

const results = measureClients();
if (!results) {
  console.error(
    'packages/search-client/dist is missing: run `npm run build -w @docs-portal/search-client`.',
  );
  process.exit(1);
}
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(
    ['page'.padEnd(20), 'what'.padEnd(26), '     raw', '    gzip', '  budget', 'verdict'].join(' '),
  );
  for (const r of results) {
    console.log(
      [
        r.page.padEnd(20),
        r.label.padEnd(26),
        kb(r.raw).padStart(8),
        kb(r.gzip).padStart(8),
        kb(r.budget).padStart(8),
        r.gzip <= r.budget ? 'within' : `over by ${kb(r.gzip - r.budget)}`,
      ].join(' '),
    );
  }
}

// Prints the JavaScript each search client page loads at first (the page's scripts, module
// preloads and the chunks they import), gzipped (zlib level 9), against its budget, and the
// doc-page script and its search overlay. Builds nothing: run `npm run build -w @docs-portal/search-client` first.
//
//   node --import tsx bench/clients/budget.ts          prints a table
//   node --import tsx bench/clients/budget.ts --json   prints the figures as JSON
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
const dist = join(root, 'packages/search-client/dist');

/** The pages and their budgets (kB of 1000 bytes, gzipped). */
const PAGES = [
  { page: 'v2/index.html', label: 'newer client, production', budget: 60_000 },
  { page: 'v2/sandbox.html', label: 'newer client, sandbox', budget: 60_000 },
  { page: 'legacy/index.html', label: 'older client', budget: 10_000 },
  // Bar, shortcuts and highlights on every doc page; the overlay module loads on first search. The
  // 6 kB per doc page covers what a reader who searches loads (script + overlay module).
  { page: 'highlight.js', label: 'doc-page script', budget: 4_500 },
  { page: 'overlay.js', label: 'doc-page search overlay', budget: 4_500 },
];

/** Scripts and module preloads an HTML page references (local ones). */
function pageScripts(htmlPath: string): string[] {
  const html = readFileSync(htmlPath, 'utf8');
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isLink = tag.toLowerCase().startsWith('<link');
    if (isLink && !/\brel=["']modulepreload["']/i.test(tag)) continue;
    const url = new RegExp(`\\s${isLink ? 'href' : 'src'}=["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (url && !/^([a-z]+:)?\/\//i.test(url)) {
      found.push(resolve(dirname(htmlPath), url.split(/[?#]/)[0] ?? url));
    }
  }
  return found;
}

/** Chunks a chunk imports statically (not `import()`). */
function staticImports(jsPath: string): string[] {
  const code = readFileSync(jsPath, 'utf8');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => resolve(dirname(jsPath), match[1] ?? ''),
  );
}

function firstLoad(path: string): string[] {
  const seen = new Set<string>();
  const queue = path.endsWith('.html') ? pageScripts(path) : [path];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    if (seen.has(next) || !existsSync(next) || !next.endsWith('.js')) continue;
    seen.add(next);
    queue.push(...staticImports(next));
  }
  return [...seen].sort();
}

/** Measures every client page of the built dist/; null when it has not been built. */
export function measureClients(): ClientBudget[] | null {
  if (!existsSync(dist)) return null;
  return PAGES.map(({ page, label, budget }) => {
    const files = firstLoad(join(dist, page));
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const data = readFileSync(file);
      raw += data.length;
      gzip += gzipSync(data, { level: 9 }).length;
    }
    return { page, label, files: files.map((f) => relative(dist, f)), raw, gzip, budget };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

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

// Reports the size of the built web app (and the search clients when built): JavaScript and CSS,
// raw, gzipped (zlib level 9) and brotli (quality 11), for the first load of each HTML page and
// for everything in the build. Builds nothing: run `npm run build -w @docs-portal/web` first.
//
//   node --import tsx bench/bundle/size.ts            prints tables
//   node --import tsx bench/bundle/size.ts --json     prints the figures as JSON
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUNDLE_BUDGETS } from './budgets';

/** Sizes of a set of files, in bytes. */
export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

/** The figures of one build (one dist folder). */
export interface BuildReport {
  name: string;
  /** First load of each HTML page: JS and CSS it references, with the chunks they import. */
  pages: { page: string; js: Sizes; css: Sizes }[];
  /** Every JS and CSS file of the build. */
  total: { js: Sizes; css: Sizes };
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sizeOf(paths: Iterable<string>): Sizes {
  const sizes: Sizes = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const path of paths) {
    const data = readFileSync(path);
    sizes.files += 1;
    sizes.raw += data.length;
    sizes.gzip += gzipSync(data, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }).length;
  }
  return sizes;
}

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** Local files an HTML page loads at once: scripts, module preloads and style sheets. */
function htmlReferences(htmlPath: string): string[] {
  const html = readFileSync(htmlPath, 'utf8');
  const found: string[] = [];
  const tag = /<(script|link)\b[^>]*>/gi;
  for (const [element, tagName] of html.matchAll(tag)) {
    const name = tagName ?? '';
    const attribute = name.toLowerCase() === 'script' ? 'src' : 'href';
    const url = new RegExp(`\\s${attribute}=["']([^"']+)["']`, 'i').exec(element)?.[1];
    const rel = /\srel=["']([^"']+)["']/i.exec(element)?.[1]?.toLowerCase() ?? '';
    if (!url || /^([a-z]+:)?\/\//i.test(url)) continue;
    if (name.toLowerCase() === 'link' && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    found.push(resolve(dirname(htmlPath), url.split(/[?#]/)[0] ?? url));
  }
  return found;
}

/** JS chunks a chunk imports statically (`import "./x.js"`, `from "./x.js"`), not `import()`. */
function staticImports(jsPath: string): string[] {
  const code = readFileSync(jsPath, 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.push(resolve(dirname(jsPath), match[1] ?? ''));
  }
  return found;
}

function firstLoad(htmlPath: string): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const queue = htmlReferences(htmlPath);
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (!existsSync(path)) continue;
    if (path.endsWith('.css')) css.add(path);
    if (!path.endsWith('.js') || js.has(path)) continue;
    js.add(path);
    queue.push(...staticImports(path));
  }
  return { js, css };
}

/** Measures one dist folder; `null` when it has not been built. */
export function measureBuild(name: string, dist: string): BuildReport | null {
  if (!existsSync(dist)) return null;
  const files = walk(dist);
  const pages = files
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((html) => {
      const { js, css } = firstLoad(html);
      return { page: relative(dist, html), js: sizeOf(js), css: sizeOf(css) };
    });
  return {
    name,
    pages,
    total: {
      js: sizeOf(files.filter((file) => file.endsWith('.js'))),
      css: sizeOf(files.filter((file) => file.endsWith('.css'))),
    },
  };
}

// kB of 1000 bytes, as Vite reports them (the stricter reading of a budget in KB).
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function row(label: string, sizes: Sizes): string {
  return [
    label.padEnd(34),
    String(sizes.files).padStart(5),
    kb(sizes.raw).padStart(10),
    kb(sizes.gzip).padStart(10),
    kb(sizes.brotli).padStart(10),
  ].join(' ');
}

function print(report: BuildReport): void {
  console.log(`\n${report.name}`);
  console.log(['what'.padEnd(34), 'files', '       raw', '      gzip', '    brotli'].join(' '));
  for (const page of report.pages) {
    console.log(row(`first load ${page.page} JS`, page.js));
    console.log(row(`first load ${page.page} CSS`, page.css));
  }
  console.log(row('total JS', report.total.js));
  console.log(row('total CSS', report.total.css));
}

const builds = [
  measureBuild('web app (packages/web/dist)', join(root, 'packages/web/dist')),
  measureBuild(
    'search clients (packages/search-client/dist)',
    join(root, 'packages/search-client/dist'),
  ),
];
if (!builds[0]) {
  console.error('packages/web/dist is missing: run `npm run build -w @docs-portal/web` first.');
  process.exit(1);
}
const reports = builds.filter((report): report is BuildReport => report !== null);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(reports, null, 2));
} else {
  reports.forEach(print);
  const web = reports[0]?.pages.find((page) => page.page === 'index.html');
  const budget = BUNDLE_BUDGETS.find((b) => b.entry === 'packages/web/dist/index.html');
  if (web && budget)
    console.log(
      `\nweb app first-load JavaScript, gzipped: ${kb(web.js.gzip)} (budget ${kb(budget.maxGzipBytes)})`,
    );
}

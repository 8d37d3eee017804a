// What a browser fetches at once for an entry page or script of a Vite build, and its gzipped
// size. Shared by the bundle benchmarks and the budget check so they count the same files.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Local scripts and module preloads an HTML page references (style sheets are not JS). */
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

/** Chunks a chunk imports statically (`import "./x.js"`, `from "./x.js"`), not `import()`. */
function staticImports(jsPath: string): string[] {
  const code = readFileSync(jsPath, 'utf8');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => resolve(dirname(jsPath), match[1] ?? ''),
  );
}

/**
 * The JavaScript files loaded at once for `entry` (an HTML page or a script): its scripts and
 * module preloads and every chunk they import statically, sorted. Chunks behind `import()` are
 * left out because they are fetched later, on demand.
 */
export function firstLoadScripts(entry: string): string[] {
  const seen = new Set<string>();
  const queue = entry.endsWith('.html') ? pageScripts(entry) : [entry];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    if (seen.has(next) || !existsSync(next) || !next.endsWith('.js')) continue;
    seen.add(next);
    queue.push(...staticImports(next));
  }
  return [...seen].sort();
}

/** Raw and gzipped (zlib level 9, each file on its own as servers send them) bytes of `files`. */
export function gzipSizes(files: readonly string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const data = readFileSync(file);
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** Bytes as kB of 1000 bytes, as Vite reports them (the stricter reading of a budget in KB). */
export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJsLiteral, type JsLiteral } from './parseJsLiteral';

/** Breadcrumb trails rebuilt from a Flare doc set's table of contents. */
export interface TocBreadcrumbs {
  /** Page path (leading slash, relative to the doc-set root) → titles of its TOC ancestors. */
  byPath: Map<string, string[]>;
  /** What could not be read; the trails of the readable parts are still returned. */
  problems: string[];
}

const MAX_TOC_FILE_BYTES = 20 * 1024 * 1024;

type JsObject = { [key: string]: JsLiteral };

function isObject(value: JsLiteral | undefined): value is JsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Normalises a TOC path key to the form page paths use: `/Content/A%20B.htm` → `/Content/A B.htm`. */
export function normaliseTocPath(key: string): string {
  let path = key.split('#')[0]?.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray % is kept literally; the path then simply matches no page.
  }
  path = path.replace(/\\/g, '/');
  return path.startsWith('/') ? path : `/${path}`;
}

/** Entry index → title and path, from the chunk files of one TOC. */
function readChunk(
  chunk: JsLiteral,
  titles: Map<number, string>,
  paths: Map<number, string>,
): void {
  if (!isObject(chunk)) throw new Error('chunk is not an object');
  for (const [key, value] of Object.entries(chunk)) {
    if (!isObject(value)) continue;
    const indices = Array.isArray(value.i) ? value.i : [];
    const texts = Array.isArray(value.t) ? value.t : [];
    indices.forEach((index, k) => {
      if (typeof index !== 'number') return;
      const title = texts[k];
      if (typeof title === 'string') titles.set(index, title);
      // Flare writes `___` for entries that are not linked to a page.
      if (key !== '___' && !paths.has(index)) paths.set(index, normaliseTocPath(key));
    });
  }
}

/** Walks the TOC tree and records, for each page, the titles of its ancestors (first entry wins). */
function walkTree(
  tree: JsLiteral,
  titles: Map<number, string>,
  paths: Map<number, string>,
  byPath: Map<string, string[]>,
): void {
  if (!isObject(tree)) throw new Error('tree is not an object');
  const stack: Array<{ node: JsLiteral; trail: string[] }> = [];
  const pushChildren = (node: JsObject, trail: string[]): void => {
    const kids = Array.isArray(node.n) ? node.n : [];
    for (let k = kids.length - 1; k >= 0; k--) stack.push({ node: kids[k] ?? null, trail });
  };
  pushChildren(tree, []);
  while (stack.length > 0) {
    const { node, trail } = stack.pop() as { node: JsLiteral; trail: string[] };
    if (!isObject(node)) continue;
    const index = typeof node.i === 'number' ? node.i : -1;
    const path = paths.get(index);
    if (path !== undefined && !byPath.has(path)) byPath.set(path, trail);
    const title = titles.get(index);
    pushChildren(node, title === undefined ? trail : [...trail, title]);
  }
}

async function readLiteral(file: string): Promise<JsLiteral> {
  const data = await readFile(file);
  if (data.length > MAX_TOC_FILE_BYTES) throw new Error('file too large');
  return parseJsLiteral(data.toString('utf8'));
}

/** Where Flare writes TOC files: `Data/Tocs/` (Flare 13 and later), `Data/` (Flare 12 and older). */
const TOC_FOLDERS: ReadonlyArray<{ parts: string[]; isHead(name: string): boolean }> = [
  { parts: ['Data', 'Tocs'], isHead: (name) => !/_chunk\d+\.js$/i.test(name) },
  // Data/ also holds the index, glossary and other files of the same shape: only Toc*.js.
  { parts: ['Data'], isHead: (name) => /^toc.*\.js$/i.test(name) && !/_chunk\d+\.js$/i.test(name) },
];

async function readTocFolder(
  folder: string,
  where: { parts: string[]; isHead(name: string): boolean },
  byPath: Map<string, string[]>,
  problems: string[],
): Promise<void> {
  const tocDir = join(folder, ...where.parts);
  const shown = where.parts.join('/');
  let names: string[];
  try {
    names = (await readdir(tocDir)).filter((name) => name.toLowerCase().endsWith('.js'));
  } catch {
    return;
  }
  const byName = new Map(names.map((name) => [name.toLowerCase(), name]));
  const heads = names
    .filter((name) => where.isHead(name))
    .sort((a, b) =>
      a.toLowerCase() === 'toc.js' ? -1 : b.toLowerCase() === 'toc.js' ? 1 : a.localeCompare(b),
    );

  for (const head of heads) {
    try {
      const literal = await readLiteral(join(tocDir, head));
      if (!isObject(literal) || literal.tree === undefined) continue;
      const prefix =
        typeof literal.prefix === 'string' ? literal.prefix : `${head.replace(/\.js$/i, '')}_Chunk`;
      const count = typeof literal.numchunks === 'number' ? Math.min(literal.numchunks, 10_000) : 1;
      const titles = new Map<number, string>();
      const paths = new Map<number, string>();
      for (let k = 0; k < count; k++) {
        const chunkName = byName.get(`${prefix}${k}.js`.toLowerCase());
        if (chunkName === undefined) {
          problems.push(`${shown}/${head}: chunk ${prefix}${k}.js is missing`);
          continue;
        }
        try {
          readChunk(await readLiteral(join(tocDir, chunkName)), titles, paths);
        } catch (error) {
          problems.push(`${shown}/${chunkName}: ${(error as Error).message}`);
        }
      }
      walkTree(literal.tree, titles, paths, byPath);
    } catch (error) {
      problems.push(`${shown}/${head}: ${(error as Error).message}`);
    }
  }
}

/**
 * Reads the TOC files of a Flare doc set (`Data/Tocs/*.js` of Flare 13 and later, `Data/Toc*.js`
 * of Flare 12 and older, each with its `Toc_Chunk<N>.js` chunks) and returns the breadcrumb
 * trail of every page they list; the first TOC that lists a page wins. The files are parsed as
 * data, never run. A doc set without TOC files gives an empty map; unreadable files are
 * reported in `problems` and skipped.
 */
export async function readFlareTocBreadcrumbs(folder: string): Promise<TocBreadcrumbs> {
  const byPath = new Map<string, string[]>();
  const problems: string[] = [];
  for (const where of TOC_FOLDERS) await readTocFolder(folder, where, byPath, problems);
  return { byPath, problems };
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

/** One page of a table of contents; every node is a page (no page-less books). */
export interface TocNode {
  /** Topic path relative to the doc-set root, without a leading slash (`Content/Overview.htm`). */
  path: string;
  /** Title shown in the TOC and in breadcrumbs. */
  title: string;
  /** Child pages shown under this one. */
  children?: TocNode[];
}

/** One TOC entry read back from Flare's chunked TOC files. */
export interface FlareTocEntry {
  /** Entry index (`i` in the tree and in the chunk). */
  index: number;
  /** Topic path relative to the doc-set root, without the leading slash. */
  path: string;
  /** Entry title. */
  title: string;
  /** Entry indices of the ancestors, outermost first: the breadcrumb trail. */
  ancestors: number[];
}

/** The TOC of a doc set as read from `Data/Tocs`, with whatever was wrong in it. */
export interface ParsedFlareToc {
  /** Entries in tree (pre-)order. */
  entries: FlareTocEntry[];
  /** Problems found while reading; empty when the TOC is consistent. */
  problems: string[];
}

interface NumberedNode {
  index: number;
  node: TocNode;
  kids: NumberedNode[];
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Renders a TOC tree as Flare's AMD chunk files: `Toc.js` (tree + chunk index) and
 * `Toc_Chunk<N>.js` files holding at most `chunkSize` paths each, sorted by path so that
 * `chunkstart` (the first path of every chunk) locates a path's chunk. Returns file name → text.
 */
export function renderFlareToc(roots: TocNode[], chunkSize = 500): Map<string, string> {
  const byPath = new Map<string, { indices: number[]; titles: string[] }>();
  let next = 0;
  const number = (nodes: TocNode[]): NumberedNode[] =>
    nodes.map((node) => {
      const index = next++;
      const key = `/${node.path}`;
      const slot = byPath.get(key) ?? { indices: [], titles: [] };
      slot.indices.push(index);
      slot.titles.push(node.title);
      byPath.set(key, slot);
      return { index, node, kids: number(node.children ?? []) };
    });
  const numbered = number(roots);
  const paths = [...byPath.keys()].sort();
  const chunkOf = new Map<string, number>();
  paths.forEach((path, position) => chunkOf.set(path, Math.floor(position / chunkSize)));
  const chunkCount = Math.max(1, Math.ceil(paths.length / chunkSize));

  const tree = (items: NumberedNode[]): string =>
    items
      .map((item) => {
        const chunk = chunkOf.get(`/${item.node.path}`) ?? 0;
        return item.kids.length
          ? `{i:${item.index},c:${chunk},n:[${tree(item.kids)}]}`
          : `{i:${item.index},c:${chunk}}`;
      })
      .join(',');

  const files = new Map<string, string>();
  const chunkstart: string[] = [];
  for (let chunk = 0; chunk < chunkCount; chunk++) {
    const slice = paths.slice(chunk * chunkSize, (chunk + 1) * chunkSize);
    chunkstart.push(quote(slice[0] ?? '/'));
    const body = slice
      .map((path) => {
        const slot = byPath.get(path)!;
        const titles = slot.titles.map(quote).join(',');
        const crumbs = slot.titles.map(() => "''").join(',');
        return `${quote(path)}:{i:[${slot.indices.join(',')}],t:[${titles}],b:[${crumbs}]}`;
      })
      .join(',\n');
    files.set(`Toc_Chunk${chunk}.js`, `define({${body}});\n`);
  }
  files.set(
    'Toc.js',
    `define({numchunks:${chunkCount},prefix:'Toc_Chunk',chunkstart:[${chunkstart.join(',')}],tree:{n:[${tree(numbered)}]}});\n`,
  );
  return files;
}

/** Evaluates an AMD `define({...})` file of our own content and returns the object it defines. */
function evaluateDefine(source: string): unknown {
  let defined: unknown;
  runInNewContext(source, { define: (value: unknown) => (defined = value) }, { timeout: 1000 });
  return defined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads `Data/Tocs/Toc.js` and its chunk files under a doc-set root and checks that they agree:
 * chunk count, chunk starts, every tree index present in the chunk its node names, titles present.
 */
export async function readFlareToc(setDir: string): Promise<ParsedFlareToc> {
  const problems: string[] = [];
  const tocDir = join(setDir, 'Data', 'Tocs');
  let toc: unknown;
  try {
    toc = evaluateDefine(await readFile(join(tocDir, 'Toc.js'), 'utf8'));
  } catch (error) {
    return {
      entries: [],
      problems: [`Data/Tocs/Toc.js: cannot read (${(error as Error).message})`],
    };
  }
  if (!isRecord(toc) || !isRecord(toc.tree) || typeof toc.numchunks !== 'number') {
    return {
      entries: [],
      problems: ['Data/Tocs/Toc.js: not a Flare TOC (numchunks/tree missing)'],
    };
  }
  const prefix = typeof toc.prefix === 'string' ? toc.prefix : 'Toc_Chunk';
  const starts = Array.isArray(toc.chunkstart) ? toc.chunkstart : [];
  if (starts.length !== toc.numchunks) problems.push('Toc.js: chunkstart length != numchunks');

  const chunks: Array<Record<string, unknown>> = [];
  for (let chunk = 0; chunk < toc.numchunks; chunk++) {
    const name = `${prefix}${chunk}.js`;
    try {
      const value = evaluateDefine(await readFile(join(tocDir, name), 'utf8'));
      chunks.push(isRecord(value) ? value : {});
      const firstKey = Object.keys(isRecord(value) ? value : {}).sort()[0];
      if (firstKey !== starts[chunk]) problems.push(`${name}: first path != chunkstart[${chunk}]`);
    } catch (error) {
      problems.push(`${name}: cannot read (${(error as Error).message})`);
      chunks.push({});
    }
  }

  const entries: FlareTocEntry[] = [];
  const walk = (nodes: unknown, ancestors: number[]): void => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes) {
      if (!isRecord(node) || typeof node.i !== 'number' || typeof node.c !== 'number') {
        problems.push('Toc.js: tree node without numeric i/c');
        continue;
      }
      const index = node.i;
      const chunk = chunks[node.c] ?? {};
      const hit = Object.entries(chunk).find(
        ([, slot]) => isRecord(slot) && Array.isArray(slot.i) && slot.i.includes(index),
      );
      if (!hit) {
        problems.push(`Toc.js: entry ${index} not found in chunk ${node.c}`);
      } else {
        const [key, slot] = hit as [string, { i: number[]; t?: unknown[] }];
        const title = slot.t?.[slot.i.indexOf(index)];
        if (typeof title !== 'string' || title === '')
          problems.push(`${key}: entry ${index} has no title`);
        if (!key.startsWith('/')) problems.push(`${key}: chunk key must start with "/"`);
        entries.push({
          index,
          path: key.replace(/^\//, ''),
          title: String(title ?? ''),
          ancestors,
        });
      }
      walk(node.n, [...ancestors, index]);
    }
  };
  walk(toc.tree.n, []);
  return { entries, problems };
}

// Known-item benchmark: does a page's own title find it at rank 1? Indexes real documentation
// folders with our engine (the same sync the server runs) and asks, for every page title, the
// exact title, the title with one typo and the title with its last word cut short.
// Run: node --import tsx bench/search/knownItem.ts [--corpus sample|gnucash|python]...
//      [--engine sqlite|postgres] [--seed 7] [--misses 10]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createSearchEngine,
  NO_RESULT_CACHE,
  extractSections,
  listDocSetPages,
  readFlareTocBreadcrumbs,
  syncDocSet,
  type DocSetDescriptor,
  type ReaderAccess,
  type SearchEngine,
} from '@docs-portal/search';
import { SAMPLE_DOC_SETS } from '../corpus/checkSampleContent';
import { seededRandom, typoVariant } from './genindexQueries';
import { adminQuery, BENCH_PG_URL, postgresReachable } from './ourEngine';
import { PYTHON_DOCS } from './pythonCorpus';
import { cutLastWord } from './titleQueries';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A corpus: the doc sets indexed together, as one portal would. */
interface Corpus {
  name: string;
  docSets: DocSetDescriptor[];
  /** Debian package that provides it, when it is not in the repository. */
  aptPackage?: string;
}

function descriptor(
  id: string,
  folder: string,
  fields: Partial<DocSetDescriptor> = {},
): DocSetDescriptor {
  return {
    id,
    title: id,
    product: id,
    version: 'current',
    docType: 'Guide',
    urlPrefix: `/docs/${id}`,
    folder,
    ...fields,
  };
}

const CORPORA: Record<string, Corpus> = {
  sample: {
    name: 'sample doc sets (content/sample, 6 sets)',
    docSets: SAMPLE_DOC_SETS.map((set) =>
      descriptor(set.folder, join(ROOT, 'content', 'sample', set.folder), {
        title: `${set.product} ${set.version} ${set.docType}`,
        product: set.product,
        version: set.version,
        docType: set.docType,
        urlPrefix: `/docs/${set.mount}`,
      }),
    ),
  },
  gnucash: {
    name: 'GnuCash guide (DocBook, gnucash-docs)',
    docSets: [descriptor('gnucash', '/usr/share/doc/gnucash-docs/gnucash-guide-en')],
    aptPackage: 'gnucash-docs',
  },
  python: {
    name: 'Python documentation (Sphinx, python3-doc)',
    docSets: [descriptor('python', PYTHON_DOCS)],
    aptPackage: 'python3-doc',
  },
};

function options(name: string): string[] {
  const values: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === `--${name}` && process.argv[i + 1] !== undefined)
      values.push(process.argv[i + 1] as string);
  });
  return values;
}

const SEED = Number(options('seed')[0] ?? 7);
const MISSES = Number(options('misses')[0] ?? 0);
const ENGINE = (options('engine')[0] ?? 'sqlite') as 'sqlite' | 'postgres';

/** A page to find: its title, where it lives, and the filter that makes its version searched. */
interface KnownItem {
  title: string;
  url: string;
  version: string[];
}

/** URL path of a page as the engine answers it (no query string or fragment). */
function pageUrl(docSet: DocSetDescriptor, path: string): string {
  return encodeURI(`${docSet.urlPrefix.replace(/\/+$/, '')}${path}`);
}

/** Versions searched when no version filter is given: the newest of each product and type. */
function defaultVersions(docSets: readonly DocSetDescriptor[]): Set<string> {
  const newest = new Map<string, DocSetDescriptor>();
  for (const d of docSets) {
    const key = `${d.product}\u0000${d.docType}`;
    const current = newest.get(key);
    if (
      current === undefined ||
      d.version.localeCompare(current.version, 'en', { numeric: true }) > 0
    )
      newest.set(key, d);
  }
  return new Set([...newest.values()].map((d) => d.id));
}

/**
 * The pages of a corpus with their titles. Titles shared by several pages searched together
 * are left out: no engine can tell which one the reader meant.
 */
async function knownItems(
  docSets: readonly DocSetDescriptor[],
): Promise<{ items: KnownItem[]; shared: number }> {
  const searchedByDefault = defaultVersions(docSets);
  const byScope = new Map<string, KnownItem[]>();
  for (const docSet of docSets) {
    const toc = await readFlareTocBreadcrumbs(docSet.folder);
    for (const path of await listDocSetPages(docSet.folder)) {
      const bytes = await readFile(join(docSet.folder, ...path.split('/')));
      const breadcrumb = toc.byPath.get(path);
      const page = extractSections(
        bytes,
        breadcrumb === undefined ? { path } : { path, breadcrumb },
      );
      const title = page.title.trim();
      if (!page.indexable || title === '' || !/[\p{L}\p{N}]/u.test(title)) continue;
      const defaultScope = searchedByDefault.has(docSet.id);
      const scope = defaultScope ? '' : docSet.version;
      const item = {
        title,
        url: pageUrl(docSet, path),
        version: defaultScope ? [] : [docSet.version],
      };
      byScope.set(scope, [...(byScope.get(scope) ?? []), item]);
    }
  }
  const items: KnownItem[] = [];
  let shared = 0;
  for (const list of byScope.values()) {
    const count = new Map<string, number>();
    for (const item of list) {
      const key = item.title.toLowerCase();
      count.set(key, (count.get(key) ?? 0) + 1);
    }
    for (const item of list) {
      if ((count.get(item.title.toLowerCase()) ?? 0) > 1) shared++;
      else items.push(item);
    }
  }
  return { items, shared };
}

/** Rank (1-based) of the page among the first 10 hits, or undefined. */
async function rankOf(
  engine: SearchEngine,
  query: string,
  item: KnownItem,
  access: ReaderAccess,
): Promise<number | undefined> {
  const response = await engine.search(
    {
      q: query,
      product: [],
      version: item.version,
      docType: [],
      page: 1,
      pageSize: 10,
      explain: false,
    },
    access,
  );
  const at = response.hits.findIndex((hit) => hit.url.split(/[?#]/)[0] === item.url);
  return at < 0 ? undefined : at + 1;
}

interface VariantResult {
  queries: number;
  first: number;
  top3: number;
  misses: string[];
}

async function openEngine(): Promise<{ engine: SearchEngine; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-knownitem-'));
  const database = `docs_portal_knownitem_${randomBytes(4).toString('hex')}`;
  let postgres: { url: string } | undefined;
  if (ENGINE === 'postgres') {
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(BENCH_PG_URL);
    url.pathname = `/${database}`;
    postgres = { url: url.href };
  }
  const engine = await createSearchEngine({
    engine: ENGINE,
    dataDir,
    resultCache: NO_RESULT_CACHE,
    ...(postgres ? { postgres } : {}),
  });
  return {
    engine,
    async close() {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (postgres !== undefined) await adminQuery(`DROP DATABASE IF EXISTS ${database}`);
    },
  };
}

async function measure(corpus: Corpus): Promise<void> {
  const missing = corpus.docSets.find((d) => !existsSync(d.folder));
  if (missing !== undefined) {
    const hint = corpus.aptPackage ? ` (apt-get install -y ${corpus.aptPackage})` : '';
    console.log(`\n## ${corpus.name}\n\nskipped: ${missing.folder} is missing${hint}`);
    return;
  }
  const { engine, close } = await openEngine();
  try {
    const started = performance.now();
    for (const docSet of corpus.docSets) await syncDocSet(engine, docSet);
    const indexMs = Math.round(performance.now() - started);
    const { items, shared } = await knownItems(corpus.docSets);
    const random = seededRandom(SEED);
    const variants: Record<string, Array<{ query: string; item: KnownItem }>> = {
      'exact title': items.map((item) => ({ query: item.title, item })),
      'one typo': items.flatMap((item) => {
        const query = typoVariant(item.title, random);
        return query === undefined ? [] : [{ query, item }];
      }),
      'last word cut short': items.flatMap((item) => {
        const query = cutLastWord(item.title, random);
        return query === undefined ? [] : [{ query, item }];
      }),
    };
    // The bench reads every doc set of the corpus, as a reader of all of them would.
    const access: ReaderAccess = { docSetIds: corpus.docSets.map((d) => d.id) };
    const results = new Map<string, VariantResult>();
    const timer = performance.now();
    let asked = 0;
    for (const [name, queries] of Object.entries(variants)) {
      const result: VariantResult = { queries: queries.length, first: 0, top3: 0, misses: [] };
      for (const { query, item } of queries) {
        const rank = await rankOf(engine, query, item, access);
        asked++;
        if (rank === 1) result.first++;
        if (rank !== undefined && rank <= 3) result.top3++;
        if (rank !== 1)
          result.misses.push(`${JSON.stringify(query)} → ${rank ?? 'not in top 10'} (${item.url})`);
      }
      results.set(name, result);
    }
    const perQuery = (performance.now() - timer) / Math.max(1, asked);
    console.log(`\n## ${corpus.name}\n`);
    console.log(
      `${items.length} pages with a title of their own (${shared} sharing a title left out); ` +
        `indexed in ${indexMs} ms; ${perQuery.toFixed(1)} ms per query (${ENGINE}, seed ${SEED})\n`,
    );
    console.log('| query | queries | rank 1 | top 3 |');
    console.log('|---|---:|---:|---:|');
    const percent = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
    for (const [name, r] of results) {
      console.log(
        `| ${name} | ${r.queries} | ${percent(r.first, r.queries)} | ${percent(r.top3, r.queries)} |`,
      );
    }
    if (MISSES > 0) {
      for (const [name, r] of results) {
        if (r.misses.length === 0) continue;
        console.log(`\nmisses, ${name} (${r.misses.length}):`);
        for (const miss of r.misses.slice(0, MISSES)) console.log(`  ${miss}`);
      }
    }
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const chosen = options('corpus');
  const names = chosen.length > 0 ? chosen : Object.keys(CORPORA);
  const unknown = names.filter((n) => !(n in CORPORA));
  if (unknown.length > 0) {
    throw new Error(
      `unknown corpus ${unknown.join(', ')}; known: ${Object.keys(CORPORA).join(', ')}`,
    );
  }
  if (ENGINE === 'postgres' && !(await postgresReachable())) {
    throw new Error('PostgreSQL is not reachable (BENCH_PG_URL)');
  }
  for (const name of names) await measure(CORPORA[name] as Corpus);
}

await main();

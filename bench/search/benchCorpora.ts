// The corpora of the search benches, each with its pages and its exact, typo and prefix query
// sets (fixed seed), so every bench asks the same queries of the same pages.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ExtractionRules } from '@docs-portal/search';
import {
  DOCBOOK_CORPORA,
  ensureDocBookCorpus,
  GIMP_CORPUS,
  GNUCASH_CORPUS,
  POSTGRES_CORPUS,
  readDocBookCorpus,
  type DocBookCorpus,
} from './docbookCorpus';
import {
  parseDocBookIndex,
  prefixVariant,
  readGenindexEntries,
  sampleQueries,
  seededRandom,
  typoVariant,
  type BenchQuery,
} from './genindexQueries';
import {
  type CorpusFolder,
  DJANGO_CORPUS,
  PYTHON_CORPUS,
  SCIPY_CORPUS,
  PANDAS_CORPUS,
  SQLALCHEMY_CORPUS,
  ensureSphinxCorpus,
  readSphinxCorpus,
  type CorpusPages,
  type SphinxCorpus,
} from './sphinxCorpus';
import { cutLastWord, titleQueries } from './titleQueries';

/** A corpus: its pages and the three query sets asked on it. */
export interface LoadedCorpus {
  name: string;
  label: string;
  pages: CorpusPages;
  /** Where the queries come from, printed with the counts. */
  querySource: string;
  variants: Record<'exact' | 'typo' | 'prefix', BenchQuery[]>;
  /** The folders as the portal would configure them, for its build by `syncDocSet`. */
  folders: Array<{ folder: string; rules?: ExtractionRules }>;
}

/** Typo and prefix variants of the exact queries (fixed seed). */
function withVariants(
  exact: BenchQuery[],
  seed: number,
  prefix: (text: string, random: () => number) => string | undefined,
): LoadedCorpus['variants'] {
  const random = seededRandom(seed + 1);
  const derive = (make: (text: string, random: () => number) => string | undefined) =>
    exact.flatMap((q) => {
      const text = make(q.text, random);
      return text === undefined ? [] : [{ text, relevant: q.relevant }];
    });
  return { exact, typo: derive(typoVariant), prefix: derive(prefix) };
}

async function loadSphinx(corpus: SphinxCorpus, count: number, seed: number) {
  ensureSphinxCorpus(corpus);
  const pages = readSphinxCorpus(corpus);
  const entries = readGenindexEntries(corpus, new Set(pages.records.map((r) => r.path)));
  return {
    name: corpus.name,
    label: corpus.label,
    pages,
    querySource: `${entries.length} usable entries of ${corpus.genindex}`,
    folders: [{ folder: corpus.folder, ...(corpus.rules ? { rules: corpus.rules } : {}) }],
    variants: withVariants(sampleQueries(entries, count, seed), seed, prefixVariant),
  };
}

/** A DocBook corpus searched by the entries of its back-of-book index (see parseDocBookIndex). */
async function loadDocBookWithIndex(corpus: DocBookCorpus, count: number, seed: number) {
  const pages = await readDocBookCorpus(corpus);
  const first = corpus.folders[0] as string;
  const entries = parseDocBookIndex(
    readFileSync(join(first, corpus.bookIndex as string), 'utf8'),
    new Set(pages.records.map((r) => r.path)),
    `/${basename(first)}/`,
  );
  return {
    name: corpus.name,
    label: corpus.label,
    pages,
    querySource: `${entries.length} usable entries of ${corpus.bookIndex}`,
    folders: corpus.folders.map((folder) => ({ folder })),
    variants: withVariants(sampleQueries(entries, count, seed), seed, prefixVariant),
  };
}

/** Loaders of the corpora by command-line name: `(queries per set, seed)`. */
export const CORPORA: Record<string, (count: number, seed: number) => Promise<LoadedCorpus>> = {
  python: (count, seed) => loadSphinx(PYTHON_CORPUS, count, seed),
  django: (count, seed) => loadSphinx(DJANGO_CORPUS, count, seed),
  sqlalchemy: (count, seed) => loadSphinx(SQLALCHEMY_CORPUS, count, seed),
  scipy: (count, seed) => loadSphinx(SCIPY_CORPUS, count, seed),
  pandas: (count, seed) => loadSphinx(PANDAS_CORPUS, count, seed),
  async gnucash(count, seed) {
    const pages = await readDocBookCorpus(GNUCASH_CORPUS);
    const { queries, shared } = titleQueries(pages.records);
    return {
      name: GNUCASH_CORPUS.name,
      label: GNUCASH_CORPUS.label,
      pages,
      querySource: `page titles (${queries.length} of their own, ${shared} shared left out)`,
      folders: GNUCASH_CORPUS.folders.map((folder) => ({ folder })),
      variants: withVariants(sampleQueries(queries, count, seed), seed, cutLastWord),
    };
  },
  gimp: (count, seed) => loadDocBookWithIndex(GIMP_CORPUS, count, seed),
  postgres: (count, seed) => loadDocBookWithIndex(POSTGRES_CORPUS, count, seed),
};

/** The Debian corpora of the relevance bench, as the portal would configure their folders. */
export function corpusFolders(name: string): CorpusFolder[] {
  const docBook = DOCBOOK_CORPORA.find((c) => c.name === name);
  if (docBook !== undefined) {
    ensureDocBookCorpus(docBook);
    return docBook.folders.map((folder) => ({ folder }));
  }
  const corpus = [
    PYTHON_CORPUS,
    DJANGO_CORPUS,
    SQLALCHEMY_CORPUS,
    SCIPY_CORPUS,
    PANDAS_CORPUS,
  ].find((c) => c.name === name);
  if (corpus === undefined) throw new Error(`unknown corpus ${name}`);
  ensureSphinxCorpus(corpus);
  return [
    { folder: corpus.folder, ...(corpus.rules === undefined ? {} : { rules: corpus.rules }) },
  ];
}

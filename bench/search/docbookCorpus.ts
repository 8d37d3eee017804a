import { basename, join } from 'node:path';
import { listDocSetPages } from '@docs-portal/search';
import { ensureDebianPackage, extractPages, type CorpusPages } from './sphinxCorpus';

/**
 * A corpus of DocBook HTML folders: searched by the entries of its back-of-book index when it
 * has one, else by page titles.
 */
export interface DocBookCorpus {
  /** Short name used on the command line and in the tables (`gnucash`). */
  name: string;
  /** What it is, printed above its tables. */
  label: string;
  /** Debian package that installs it. */
  aptPackage: string;
  /** HTML folders indexed together; page paths start with the folder's name. */
  folders: string[];
  /** The back-of-book index page, in the first folder, when the corpus has one. */
  bookIndex?: string;
}

/** Debian's gnucash-docs, English guide (about 125 pages) and help manual (about 110 pages). */
export const GNUCASH_CORPUS: DocBookCorpus = {
  name: 'gnucash',
  label: 'GnuCash guide and help (DocBook, gnucash-docs)',
  aptPackage: 'gnucash-docs',
  folders: [
    '/usr/share/doc/gnucash-docs/gnucash-guide-en',
    '/usr/share/doc/gnucash-docs/gnucash-help-en',
  ],
};

/**
 * Debian's gimp-help-en: the GIMP user manual, about 690 pages written in DocBook, with a
 * back-of-book index of about 1,500 entries (`gimp-help-index.html`). Chosen after the
 * ranking work as a DocBook corpus with index queries that no change was tuned on.
 */
export const GIMP_CORPUS: DocBookCorpus = {
  name: 'gimp',
  label: 'GIMP user manual (DocBook, gimp-help-en)',
  aptPackage: 'gimp-help-en',
  folders: ['/usr/share/gimp/2.0/help/en'],
  bookIndex: 'gimp-help-index.html',
};

/**
 * Debian's postgresql-doc-15: the PostgreSQL 15 manual, about 1,170 DocBook pages (18 MB of
 * HTML), with a back-of-book index of about 3,400 links (`bookindex.html`): SQL commands,
 * functions, configuration parameters and concepts.
 */
export const POSTGRES_CORPUS: DocBookCorpus = {
  name: 'postgres',
  label: 'PostgreSQL 15 manual (DocBook, postgresql-doc-15)',
  aptPackage: 'postgresql-doc-15',
  folders: ['/usr/share/doc/postgresql-doc-15/html'],
  bookIndex: 'bookindex.html',
};

/** The DocBook corpora of the benches. */
export const DOCBOOK_CORPORA: readonly DocBookCorpus[] = [
  GNUCASH_CORPUS,
  GIMP_CORPUS,
  POSTGRES_CORPUS,
];

/** Installs the corpus's package when its first folder's start page is missing. */
export function ensureDocBookCorpus(corpus: DocBookCorpus): void {
  ensureDebianPackage(corpus.aptPackage, join(corpus.folders[0] as string, 'index.html'));
}

/**
 * The pages of every folder (as the portal's sync lists them), extracted into one record set
 * with paths `/<folder name>/<page>` (`/gnucash-help-en/acct-create.html`).
 */
export async function readDocBookCorpus(corpus: DocBookCorpus): Promise<CorpusPages> {
  ensureDocBookCorpus(corpus);
  const parts: CorpusPages[] = [];
  for (const folder of corpus.folders) {
    const files = (await listDocSetPages(folder)).map((p) => p.slice(1));
    const name = basename(folder);
    parts.push(extractPages(folder, files, undefined, (file) => `/${name}/${file}`));
  }
  return {
    records: parts.flatMap((p) => p.records),
    files: parts.reduce((n, p) => n + p.files, 0),
    htmlBytes: parts.reduce((n, p) => n + p.htmlBytes, 0),
    extractMs: parts.reduce((n, p) => n + p.extractMs, 0),
  };
}

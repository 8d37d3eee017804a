import { basename, join } from 'node:path';
import { listDocSetPages } from '@docs-portal/search';
import { ensureDebianPackage, extractPages, type CorpusPages } from './sphinxCorpus';

/** A corpus of DocBook HTML folders without a back-of-book index: searched by page titles. */
export interface DocBookCorpus {
  /** Short name used on the command line and in the tables (`gnucash`). */
  name: string;
  /** What it is, printed above its tables. */
  label: string;
  /** Debian package that installs it. */
  aptPackage: string;
  /** HTML folders indexed together; page paths start with the folder's name. */
  folders: string[];
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
 * The pages of every folder (as the portal's sync lists them), extracted into one record set
 * with paths `/<folder name>/<page>` (`/gnucash-help-en/acct-create.html`).
 */
export async function readDocBookCorpus(corpus: DocBookCorpus): Promise<CorpusPages> {
  const first = corpus.folders[0] as string;
  ensureDebianPackage(corpus.aptPackage, join(first, 'index.html'));
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

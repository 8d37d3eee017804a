import type { PageRecord } from '@docs-portal/search';
import {
  PYTHON_CORPUS,
  ensureSphinxCorpus,
  listSphinxPages,
  readSphinxCorpus,
} from './sphinxCorpus';

/** Where Debian's python3-doc puts the HTML documentation. */
export const PYTHON_DOCS = PYTHON_CORPUS.folder;

/** Installs python3-doc with apt-get when the documentation is missing. */
export function ensurePythonDocs(): void {
  ensureSphinxCorpus(PYTHON_CORPUS);
}

/** Page files of the corpus: paths relative to the html folder (`library/re.html`). */
export function listPythonPages(): string[] {
  return listSphinxPages(PYTHON_CORPUS);
}

/** The page records of the corpus, extracted once and fed to every engine. */
export function buildPythonRecords(): PageRecord[] {
  return readSphinxCorpus(PYTHON_CORPUS).records;
}

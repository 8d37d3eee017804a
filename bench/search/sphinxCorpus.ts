import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  extractBatch,
  extractionRulesKey,
  extractSections,
  listDocSetPages,
  PageHierarchy,
  type ExtractedPage,
  type ExtractionRules,
  type PageRecord,
} from '@docs-portal/search';

/** A Sphinx-built documentation folder from a Debian package, with its general index. */
export interface SphinxCorpus {
  /** Short name used on the command line and in the tables (`python`). */
  name: string;
  /** What it is, printed above its tables. */
  label: string;
  /** Debian package that installs it. */
  aptPackage: string;
  /** The HTML folder. */
  folder: string;
  /** The general index page holding every entry (relative to the folder). */
  genindex: string;
  /** Folders (at any depth) that hold no pages of the documentation. */
  skipFolders: ReadonlySet<string>;
  /** Pages at the root that are not documentation (indexes, search page). */
  skipPages: RegExp;
  /** Extraction selectors for the theme, when the built-in detection needs help. */
  rules?: ExtractionRules;
}

const SPHINX_SKIP_FOLDERS = new Set([
  '_sources',
  '_static',
  '_images',
  '_downloads',
  // Highlighted source code of the modules ("[source]" links), not documentation.
  '_modules',
]);
const SPHINX_SKIP_PAGES = /^(?:genindex.*|py-modindex|search)\.html$/;

/** Debian's python3-doc: a link to ../python3.11-doc/html, about 530 pages. */
export const PYTHON_CORPUS: SphinxCorpus = {
  name: 'python',
  label: 'Python documentation (Sphinx, python3-doc)',
  aptPackage: 'python3-doc',
  folder: '/usr/share/doc/python3-doc/html',
  genindex: 'genindex-all.html',
  skipFolders: SPHINX_SKIP_FOLDERS,
  skipPages: SPHINX_SKIP_PAGES,
};

/**
 * Debian's python-django-doc (Django's own theme: no `role=main`; the content is the parent of
 * the page's `<h1>`, the site title in `#hd` is recognised as such, the sidebar is outside).
 */
export const DJANGO_CORPUS: SphinxCorpus = {
  name: 'django',
  label: 'Django documentation (Sphinx, python-django-doc)',
  aptPackage: 'python-django-doc',
  folder: '/usr/share/doc/python-django-doc/html',
  genindex: 'genindex.html',
  skipFolders: SPHINX_SKIP_FOLDERS,
  skipPages: SPHINX_SKIP_PAGES,
  rules: { main: '#yui-main', exclude: ['#sidebar', '#hd', '#ft', 'div.nav'] },
};

/** Debian's python-sqlalchemy-doc (zzzeeksphinx theme: `#docs-body[role=main]`). */
export const SQLALCHEMY_CORPUS: SphinxCorpus = {
  name: 'sqlalchemy',
  label: 'SQLAlchemy documentation (Sphinx, python-sqlalchemy-doc)',
  aptPackage: 'python-sqlalchemy-doc',
  folder: '/usr/share/doc/python-sqlalchemy-doc/html',
  genindex: 'genindex.html',
  skipFolders: SPHINX_SKIP_FOLDERS,
  skipPages: SPHINX_SKIP_PAGES,
  rules: { main: '#docs-body', exclude: ['#docs-sidebar', '#docs-bottom-navigation'] },
};

/**
 * Debian's python-scipy-doc (pydata-sphinx-theme, `role=main`): about 4,300 pages, most of them
 * one short reference page per function, the kind of corpus where a page's fixed costs count.
 */
export const SCIPY_CORPUS: SphinxCorpus = {
  name: 'scipy',
  label: 'SciPy documentation (Sphinx, python-scipy-doc)',
  aptPackage: 'python-scipy-doc',
  folder: '/usr/share/doc/python-scipy-doc/html',
  genindex: 'genindex.html',
  skipFolders: SPHINX_SKIP_FOLDERS,
  skipPages: SPHINX_SKIP_PAGES,
};

/**
 * Debian's python-pandas-doc (pydata-sphinx-theme, `role=main`): about 4,100 pages, a user guide
 * and one reference page per function, method and attribute (`pandas.DataFrame.copy`).
 */
export const PANDAS_CORPUS: SphinxCorpus = {
  name: 'pandas',
  label: 'pandas documentation (Sphinx, python-pandas-doc)',
  aptPackage: 'python-pandas-doc',
  folder: '/usr/share/doc/python-pandas-doc/html',
  genindex: 'genindex.html',
  skipFolders: SPHINX_SKIP_FOLDERS,
  skipPages: SPHINX_SKIP_PAGES,
};

/** Installs a Debian package with apt-get when `probe` (a file it provides) is missing. */
export function ensureDebianPackage(aptPackage: string, probe: string): void {
  if (existsSync(probe)) return;
  console.log(`${aptPackage} is missing: installing it with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', aptPackage], { stdio: 'inherit', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    result = spawnSync('apt-get', ['install', '-y', aptPackage], { stdio: 'inherit', env });
  }
  if (result.status !== 0 || !existsSync(probe)) {
    throw new Error(`could not install ${aptPackage} (apt-get install -y ${aptPackage})`);
  }
}

/** Installs the corpus's package when its general index is missing. */
export function ensureSphinxCorpus(corpus: SphinxCorpus): void {
  ensureDebianPackage(corpus.aptPackage, join(corpus.folder, corpus.genindex));
}

function isPageFile(name: string): boolean {
  return name.endsWith('.html') || name.endsWith('.html.gz');
}

/**
 * Page files of the corpus: paths relative to the HTML folder (`library/re.html`), sorted.
 * Symbolic links are followed (Debian links shared scripts into /usr/share/javascript); only
 * regular `.html` (or gzipped `.html.gz`) files count, and a gzipped page beside its plain copy
 * (python-pandas-doc has `whatsnew/index.html` and `whatsnew/index.html.gz`) is left out: both
 * are the one page `/whatsnew/index.html`.
 */
export function listSphinxPages(corpus: SphinxCorpus): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(join(corpus.folder, dir), { withFileTypes: true })) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      const full = join(corpus.folder, rel);
      const kind = entry.isSymbolicLink()
        ? (() => {
            try {
              return statSync(full);
            } catch {
              return undefined; // a dangling link
            }
          })()
        : entry;
      if (kind === undefined) continue;
      if (kind.isDirectory()) {
        if (!corpus.skipFolders.has(entry.name)) walk(rel, rel);
      } else if (kind.isFile() && isPageFile(entry.name)) {
        const name = entry.name.replace(/\.gz$/, '');
        if (prefix === '' && corpus.skipPages.test(name)) continue;
        out.push(rel);
      }
    }
  };
  walk('', '');
  const plain = new Set(out);
  return out.filter((file) => !(file.endsWith('.gz') && plain.has(file.slice(0, -3)))).sort();
}

/** The extracted pages of a corpus and what extracting them cost. */
export interface CorpusPages {
  records: PageRecord[];
  /** Files read (including pages that asked not to be indexed). */
  files: number;
  /** Bytes of HTML read (after gunzip). */
  htmlBytes: number;
  /** Milliseconds spent reading and extracting (extractSections) the pages. */
  extractMs: number;
}

/**
 * Reads and extracts the given files of a folder into page records, timing the work. `pathOf`
 * maps a file (relative to the folder) to the page path the engines index. Pages are extracted
 * as the portal's build extracts them (`extractBatch`), breadcrumb trails from the generator's
 * page hierarchy included (DocBook's and Sphinx's "up" links); a gzipped page, which the portal
 * does not list, is extracted alone, its trail made of its folders.
 */
export function extractPages(
  folder: string,
  files: readonly string[],
  rules: ExtractionRules | undefined,
  pathOf: (file: string) => string = (file) => `/${file.replace(/\.gz$/, '')}`,
): CorpusPages {
  const records: PageRecord[] = [];
  let htmlBytes = 0;
  const started = performance.now();
  const hierarchy = new PageHierarchy(
    folder,
    new Set(files.filter((file) => !file.endsWith('.gz')).map((file) => `/${file}`)),
  );
  const rulesKey = extractionRulesKey(rules);
  for (const file of files) {
    const path = pathOf(file);
    let page: ExtractedPage;
    if (file.endsWith('.gz')) {
      const bytes = gunzipSync(readFileSync(join(folder, file)));
      htmlBytes += bytes.length;
      page = extractSections(bytes, rules === undefined ? { path } : { path, rules });
    } else {
      htmlBytes += statSync(join(folder, file)).size;
      const [outcome] = extractBatch(
        {
          folder,
          tasks: [{ path: `/${file}` }],
          rulesKey,
          hierarchy: 0,
          analyse: false,
          ...(rules === undefined ? {} : { rules }),
        },
        hierarchy,
      );
      if (outcome === undefined || !('page' in outcome)) {
        throw new Error(
          `${file}: ${outcome !== undefined && 'error' in outcome ? outcome.error : 'not read'}`,
        );
      }
      page = outcome.page;
    }
    if (!page.indexable) continue;
    records.push({
      path,
      title: page.title,
      breadcrumb: page.breadcrumb,
      hash: path,
      sections: page.sections,
    });
  }
  return { records, files: files.length, htmlBytes, extractMs: performance.now() - started };
}

/** The page records of a Sphinx corpus, extracted once and fed to every engine. */
export function readSphinxCorpus(corpus: SphinxCorpus): CorpusPages {
  return extractPages(corpus.folder, listSphinxPages(corpus), corpus.rules);
}

/** A doc set folder as the portal would configure it. */
export interface CorpusFolder {
  folder: string;
  rules?: ExtractionRules;
}

/** Bytes of the pages the portal lists in the folders (what a portal build reads and parses). */
export async function portalHtmlBytes(folders: readonly CorpusFolder[]): Promise<number> {
  let bytes = 0;
  for (const { folder } of folders) {
    for (const path of await listDocSetPages(folder)) {
      bytes += statSync(join(folder, ...path.split('/'))).size;
    }
  }
  return bytes;
}

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extractSections, type PageRecord } from '@docs-portal/search';

/** Where Debian's python3-doc puts the HTML documentation. */
export const PYTHON_DOCS = '/usr/share/doc/python3-doc/html';

const SKIP_FOLDERS = new Set(['_sources', '_static', '_images', '_downloads']);
const SKIP_PAGES = /^(?:genindex.*|py-modindex|search)\.html$/;

/** Installs python3-doc with apt-get when the documentation is missing. */
export function ensurePythonDocs(): void {
  if (existsSync(join(PYTHON_DOCS, 'genindex-all.html'))) return;
  console.log('python3-doc is missing: installing it with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', 'python3-doc'], { stdio: 'inherit', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    result = spawnSync('apt-get', ['install', '-y', 'python3-doc'], { stdio: 'inherit', env });
  }
  if (result.status !== 0 || !existsSync(join(PYTHON_DOCS, 'genindex-all.html'))) {
    throw new Error('could not install python3-doc (apt-get install -y python3-doc)');
  }
}

/** Page files of the corpus: paths relative to the html folder (`library/re.html`). */
export function listPythonPages(): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(join(PYTHON_DOCS, dir), { withFileTypes: true })) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_FOLDERS.has(entry.name)) walk(rel, rel);
      } else if (entry.name.endsWith('.html') || entry.name.endsWith('.html.gz')) {
        const name = entry.name.replace(/\.gz$/, '');
        if (prefix === '' && SKIP_PAGES.test(name)) continue;
        out.push(rel);
      }
    }
  };
  walk('', '');
  return out.sort();
}

/** The page records of the corpus, extracted once and fed to every engine. */
export function buildPythonRecords(): PageRecord[] {
  const records: PageRecord[] = [];
  for (const file of listPythonPages()) {
    const raw = readFileSync(join(PYTHON_DOCS, file));
    const bytes = file.endsWith('.gz') ? gunzipSync(raw) : raw;
    const path = `/${file.replace(/\.gz$/, '')}`;
    const page = extractSections(bytes, { path });
    if (!page.indexable) continue;
    records.push({
      path,
      title: page.title,
      breadcrumb: page.breadcrumb,
      hash: path,
      sections: page.sections,
    });
  }
  return records;
}

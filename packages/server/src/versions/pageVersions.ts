import { open } from 'node:fs/promises';
import type { PageVersion, PageVersionsResponse } from '@docs-portal/contracts';
import { safePortalPath } from '@docs-portal/contracts/safety';
import { compareVersions, versionGroupKey } from '@docs-portal/search';
import { canRead, type Reader } from '../access/canRead';
import { docSetAtPath } from '../access/docSetAtPath';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import type { ReleaseIndex } from '../content/ReleaseIndex';
import type { ServedReleases } from '../content/ServedReleases';
import { titleText } from '../content/htmlText';
import { parseDocPath } from '../content/requestPath';

/** How much of a page is read to find its `<title>`. */
const TITLE_BYTES = 16 * 1024;
const PAGE = /\.html?$/i;

/** The text of a page's `<title>`, read from the start of its file. */
async function pageTitle(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(TITLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TITLE_BYTES, 0);
    return titleText(buffer.toString('utf8', 0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Title → first page path (sorted) of each release, read once per release (releases never change). */
const titleMaps = new WeakMap<ReleaseIndex, Promise<Map<string, string>>>();

function titlesOf(release: ReleaseIndex): Promise<Map<string, string>> {
  let titles = titleMaps.get(release);
  if (titles === undefined) {
    titles = (async () => {
      const map = new Map<string, string>();
      const pages = release.paths().filter((p) => PAGE.test(p));
      for (let i = 0; i < pages.length; i += 32) {
        const chunk = pages.slice(i, i + 32);
        const found = await Promise.all(
          chunk.map((p) => pageTitle(release.file(p)?.identity.path ?? '').catch(() => '')),
        );
        found.forEach((title, j) => {
          if (title !== '' && !map.has(title)) map.set(title, chunk[j] as string);
        });
      }
      return map;
    })();
    titleMaps.set(release, titles);
  }
  return titles;
}

function encodePath(relative: string): string {
  return relative.split('/').map(encodeURIComponent).join('/');
}

/**
 * Every version of the doc page at `path` (a path on this origin) that `reader` may read: the doc
 * sets of its version group (`versionGroupKey`, the rule search collapses by) with a published
 * release, newest first, each with the page to open there: the same page, else the page with the
 * same title, else that version's home page. Never a page that is not served. Undefined when the
 * path is in no doc set the reader may read, or is not a page of it.
 */
export async function pageVersions(
  config: Pick<PortalConfig, 'basePath' | 'docSets'>,
  library: Pick<ServedReleases, 'current'>,
  reader: Reader,
  path: string,
): Promise<PageVersionsResponse | undefined> {
  const base = config.basePath.replace(/\/+$/, '');
  const pathname = safePortalPath(path, base)?.split(/[?#]/, 1)[0];
  if (pathname === undefined) return undefined;
  const here = docSetAtPath(config.docSets, base, pathname);
  if (here === undefined || !canRead(reader, here)) return undefined;
  const prefix = `${base}/${here.mount}`;
  const docPath = parseDocPath(pathname.slice(prefix.length + 1));
  const release = library.current(here.id);
  if (docPath === null || release === null) return undefined;
  const relative =
    docPath.folder && here.defaultPage
      ? [docPath.relative, here.defaultPage].filter((p) => p !== '').join('/')
      : docPath.relative;
  const file = release.file(relative);
  if (file === undefined) return undefined;
  let title: string | undefined;
  const group = versionGroupKey(here);
  const siblings = config.docSets
    .filter((d) => versionGroupKey(d) === group && canRead(reader, d))
    .sort((a, b) => compareVersions(b.version, a.version));
  const versions: PageVersion[] = [];
  for (const docSet of siblings) {
    const target = library.current(docSet.id);
    if (target === null) continue;
    const landing = await landingIn(docSet, target, relative, async () => {
      title ??= await pageTitle(file.identity.path).catch(() => '');
      return title;
    });
    if (landing === undefined) continue;
    versions.push({
      version: docSet.version,
      docSet: docSet.id,
      title: docSet.title,
      url: `${base}/${docSet.mount}/${landing.path}`,
      match: landing.match,
      current: docSet.id === here.id,
    });
  }
  const newest = versions[0];
  const outdated =
    newest !== undefined && !newest.current && compareVersions(newest.version, here.version) > 0;
  return { versions, newest: outdated ? newest : null };
}

/** Where a reader of `relative` lands in `docSet`: same page, same title, home, or nowhere. */
async function landingIn(
  docSet: DocSetConfig,
  release: ReleaseIndex,
  relative: string,
  title: () => Promise<string>,
): Promise<{ path: string; match: PageVersion['match'] } | undefined> {
  if (release.file(relative)) return { path: encodePath(relative), match: 'page' };
  const wanted = await title();
  const titled = wanted === '' ? undefined : (await titlesOf(release)).get(wanted);
  if (titled !== undefined) return { path: encodePath(titled), match: 'title' };
  if (docSet.defaultPage && release.file(docSet.defaultPage)) return { path: '', match: 'home' };
  const first = release.paths().find((p) => PAGE.test(p));
  return first === undefined ? undefined : { path: encodePath(first), match: 'home' };
}

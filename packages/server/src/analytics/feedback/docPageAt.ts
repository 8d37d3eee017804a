import { safePortalPath } from '@docs-portal/contracts';
import { canRead, type Reader } from '../../access/canRead';
import { docSetAtPath } from '../../access/docSetAtPath';
import type { DocSetConfig } from '../../config/schema';
import { parseDocPath } from '../../content/requestPath';

/** The part of the served-release registry feedback needs: the release and its files. */
export interface ServedPages {
  /** The index of the release served for `docSetId`, or null when none is. */
  current(docSetId: string): { release: number; file(relative: string): unknown } | null;
}

/** A page of a served release, as feedback and missing anchors name it. */
export interface DocPageRef {
  /** Its doc set. */
  docSet: DocSetConfig;
  /** The release served now. */
  release: number;
  /** Its path inside the release (`guide/a.htm`; a folder's default page for a folder). */
  page: string;
  /** The fragment without `#` (decoded), or null. */
  anchor: string | null;
}

/**
 * The served page that `url` (a path under the portal, maybe with query and fragment) names, when
 * `reader` may read its doc set and the current release holds it; null otherwise (a missing page
 * and a doc set out of reach answer the same).
 */
export function docPageAt(
  url: string,
  reader: Reader,
  docSets: readonly DocSetConfig[],
  pages: ServedPages,
  basePath: string,
): DocPageRef | null {
  const safe = safePortalPath(url, basePath);
  if (safe === null) return null;
  const docSet = docSetAtPath(docSets, basePath, safe);
  if (!docSet || !canRead(reader, docSet)) return null;
  const hashAt = safe.indexOf('#');
  const beforeHash = hashAt === -1 ? safe : safe.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const rawPath = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const prefix = `${basePath.replace(/\/+$/, '')}/${docSet.mount}/`;
  if (!rawPath.startsWith(prefix)) return null;
  const docPath = parseDocPath(rawPath.slice(prefix.length));
  if (!docPath) return null;
  let page = docPath.relative;
  if (docPath.folder) {
    if (!docSet.defaultPage) return null;
    page = page ? `${page}/${docSet.defaultPage}` : docSet.defaultPage;
  }
  const index = pages.current(docSet.id);
  if (!index || !index.file(page)) return null;
  let anchor: string | null = null;
  if (hashAt !== -1 && hashAt < safe.length - 1) {
    try {
      anchor = decodeURIComponent(safe.slice(hashAt + 1));
    } catch {
      anchor = safe.slice(hashAt + 1);
    }
  }
  return { docSet, release: index.release, page, anchor };
}

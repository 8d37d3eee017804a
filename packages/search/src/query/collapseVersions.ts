import type { IndexReader, StoredDocSet, StoredPage } from '../core/IndexStore';
import type { DocSetScopes } from './selectDocSets';
import { compareVersions, versionGroupKey } from './versions';

/** The same page in another version of its doc set's version group. */
export interface OtherVersionPage {
  /** The doc set of that version. */
  docSet: StoredDocSet;
  /** The page's path in it (the same as the shown page's). */
  path: string;
}

/**
 * Matching pages of the versions a query counts but does not show (the version facet's doc sets
 * outside the searched ones): the candidates for "also in" links. Only readable doc sets are in
 * any scope, so nothing here is out of the reader's reach.
 */
export function pagesInOtherVersions(
  matched: readonly number[],
  pageIdOf: (row: number) => number,
  pageDocSet: Int32Array,
  scopes: Pick<DocSetScopes, 'search' | 'version'>,
): number[] {
  const pageIds: number[] = [];
  for (const row of matched) {
    const pageId = pageIdOf(row);
    const docSetId = pageDocSet[pageId] as number;
    if (scopes.version.has(docSetId) && !scopes.search.has(docSetId)) pageIds.push(pageId);
  }
  return pageIds;
}

/**
 * For each shown page, the same page (same path) among `others` (matching pages of the versions
 * not shown) in other versions of its version group, newest first and one per version: one hit
 * per page, with links to its other versions. Looks the shown paths up by their (doc set, path)
 * key, so its cost follows the hits shown, not how many pages matched.
 */
export async function otherVersionsOf(
  reader: IndexReader,
  shown: ReadonlyMap<number, StoredPage>,
  others: readonly number[],
): Promise<Map<number, OtherVersionPage[]>> {
  const result = new Map<number, OtherVersionPage[]>();
  if (others.length === 0 || shown.size === 0) return result;
  const docSets = new Map(reader.snapshot.docSets.map((d) => [d.storeId, d]));
  const groupOf = (docSetId: number) => {
    const docSet = docSets.get(docSetId);
    return docSet === undefined ? undefined : versionGroupKey(docSet.docSet);
  };
  const groups = new Set([...shown.values()].map((p) => groupOf(p.docSetId)));
  const pageDocSet = reader.snapshot.pages.docSet;
  const candidates = new Set(others);
  const otherDocSets = new Set<number>();
  for (const id of others) {
    const docSetId = pageDocSet[id] as number;
    if (groups.has(groupOf(docSetId))) otherDocSets.add(docSetId);
  }
  if (otherDocSets.size === 0) return result;
  const paths = [...new Set([...shown.values()].map((p) => p.path))];
  const byKey = new Map<string, OtherVersionPage[]>();
  for (const page of await reader.pagesAt([...otherDocSets], paths)) {
    const docSet = docSets.get(page.docSetId);
    if (docSet === undefined || !candidates.has(page.id)) continue;
    const key = `${versionGroupKey(docSet.docSet)}\u0000${page.path}`;
    const list = byKey.get(key) ?? [];
    list.push({ docSet, path: page.path });
    byKey.set(key, list);
  }
  for (const [pageId, page] of shown) {
    const docSet = docSets.get(page.docSetId);
    if (docSet === undefined) continue;
    const list = byKey.get(`${versionGroupKey(docSet.docSet)}\u0000${page.path}`);
    if (list === undefined) continue;
    const seen = new Set([docSet.docSet.version]);
    const versions = list
      .sort((a, b) => compareVersions(b.docSet.docSet.version, a.docSet.docSet.version))
      .filter((o) => !seen.has(o.docSet.docSet.version) && seen.add(o.docSet.docSet.version));
    if (versions.length > 0) result.set(pageId, versions);
  }
  return result;
}

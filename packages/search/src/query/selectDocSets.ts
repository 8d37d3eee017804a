import type { SearchRequest } from '@docs-portal/contracts';
import type { StoredDocSet } from '../core/IndexStore';
import type { ReaderAccess } from '../SearchEngine';
import { compareVersions, versionGroupKey } from './versions';

/** Which doc sets a query searches and which ones each facet counts over. */
export interface DocSetScopes {
  /** Indexed doc sets named by the reader's access. Nothing outside this set is ever touched. */
  readable: StoredDocSet[];
  /** Doc sets the hits and the total come from (filters and version rule applied). */
  search: Set<number>;
  /** Doc sets counted by the product facet (all filters but the product filter). */
  product: Set<number>;
  /** Doc sets counted by the version facet (all filters but the version rule: every version). */
  version: Set<number>;
  /** Doc sets counted by the doc type facet (all filters but the doc type filter). */
  docType: Set<number>;
  /** Union of the above: the doc sets whose postings the query reads. */
  needed: number[];
}

/**
 * Works out the doc sets of a query, among the indexed doc sets the reader's access names (the
 * audience an older index may have stored with a doc set is never consulted). Of each version
 * group (see `versionGroupKey`) one version is searched, so a reader gets a page once however many
 * versions hold it: among the versions the version filter lets through (all when none is chosen),
 * `fromVersion` (the version of the page the reader searched from) when the group has it, else the
 * newest readable one. The version facet still counts every readable version so that the others
 * can be chosen.
 */
export function selectDocSets(
  docSets: readonly StoredDocSet[],
  filters: Pick<SearchRequest, 'product' | 'version' | 'docType'> & { fromVersion?: string },
  access: ReaderAccess,
): DocSetScopes {
  const granted = new Set(access.docSetIds);
  const readable = docSets.filter((d) => granted.has(d.docSet.id));
  const shown = new Map<string, string>();
  for (const { docSet } of readable) {
    if (filters.version.length > 0 && !filters.version.includes(docSet.version)) continue;
    const key = versionGroupKey(docSet);
    const best = shown.get(key);
    if (
      best === undefined ||
      (best !== filters.fromVersion &&
        (docSet.version === filters.fromVersion || compareVersions(docSet.version, best) > 0))
    )
      shown.set(key, docSet.version);
  }
  const passProduct = (d: StoredDocSet) =>
    filters.product.length === 0 || filters.product.includes(d.docSet.product);
  const passDocType = (d: StoredDocSet) =>
    filters.docType.length === 0 || filters.docType.includes(d.docSet.docType);
  const passVersion = (d: StoredDocSet) =>
    shown.get(versionGroupKey(d.docSet)) === d.docSet.version;
  const ids = (keep: (d: StoredDocSet) => boolean) =>
    new Set(readable.filter(keep).map((d) => d.storeId));
  const search = ids((d) => passProduct(d) && passDocType(d) && passVersion(d));
  const product = ids((d) => passDocType(d) && passVersion(d));
  const version = ids((d) => passProduct(d) && passDocType(d));
  const docType = ids((d) => passProduct(d) && passVersion(d));
  const needed = [...new Set([...search, ...product, ...version, ...docType])].sort(
    (a, b) => a - b,
  );
  return { readable, search, product, version, docType, needed };
}

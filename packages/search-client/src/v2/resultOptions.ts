import type { OtherVersion, SearchHit, SearchResponse, SectionHit } from '@docs-portal/contracts';

/** One selectable entry of the result list: a page, or a section beneath it. */
export interface ResultOption {
  /** DOM id (for aria-activedescendant). */
  id: string;
  /** Where opening it goes. */
  url: string;
  /** Position of its page in the whole result list, from 1 (the analytics rank). */
  rank: number;
}

/** A page of results with the options it shows. */
export interface ResultGroup {
  /** The page hit. */
  hit: SearchHit;
  /** The option of the page itself. */
  option: ResultOption;
  /** The sections listed beneath it (the best one is the page option already). */
  sections: { section: SectionHit; option: ResultOption }[];
  /** The same page in other versions ("also in 6.4"), after the sections. */
  versions: { other: OtherVersion; option: ResultOption }[];
}

/** Id of the result listbox. */
export const LISTBOX_ID = 'sc-results';

/** Groups an answer into pages with their sections, numbering ranks across result pages. */
export function resultGroups(response: SearchResponse | null): ResultGroup[] {
  if (!response) return [];
  const first = (response.page - 1) * response.pageSize;
  return response.hits.map((hit, i) => {
    const rank = first + i + 1;
    const sections = hit.sections
      .filter((section) => section.url !== hit.url)
      .map((section, j) => ({
        section,
        option: { id: `${LISTBOX_ID}-${i}-${j + 1}`, url: section.url, rank },
      }));
    const versions = (hit.alsoIn ?? []).map((other, j) => ({
      other,
      option: { id: `${LISTBOX_ID}-${i}-v${j}`, url: other.url, rank },
    }));
    return { hit, option: { id: `${LISTBOX_ID}-${i}`, url: hit.url, rank }, sections, versions };
  });
}

/** Every option of the groups, in the order the arrow keys move through them. */
export function flatOptions(groups: readonly ResultGroup[]): ResultOption[] {
  return groups.flatMap((group) => [
    group.option,
    ...group.sections.map((s) => s.option),
    ...group.versions.map((v) => v.option),
  ]);
}

/**
 * The `href` of a result link: `url` as a path on this origin (the search API answers with
 * same-origin paths). Anything else, such as another origin or a `javascript:` URL, gives
 * undefined: the option still opens through the portal, which only follows its own paths.
 */
export function resultHref(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== window.location.origin) return undefined;
  return parsed.pathname + parsed.search + parsed.hash;
}

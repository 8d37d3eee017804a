import type { MatchExplanation, SearchHit, SectionHit } from '@docs-portal/contracts';
import { FIELDS } from '../core/fields';
import type { IndexReader, StoredPage, StoredSection } from '../core/IndexStore';
import { TermIdSet, type FieldTokens } from '../core/sectionTokens';
import {
  SNIPPET_LENGTH,
  addWordTable,
  buildSnippet,
  searchableText,
  type SearchableText,
} from './buildSnippet';
import { casedLead } from './casedLead';
import { loadSectionTokens } from './loadSectionTokens';
import { otherVersionsOf } from './collapseVersions';
import type { SearchOutcome } from './executeSearch';
import type { MatchKind } from './planQuery';
import { linkedSection, ORDERED_SECTIONS, type RankedPage } from './rankPages';

/** Most sections listed under one page hit (`scorePage` keeps them in order). */
const MAX_SECTIONS_PER_HIT = ORDERED_SECTIONS;
/** A further section is listed when it scores at least this share of the best one. */
const SECTION_SHARE = 0.25;

/** What a matching index term stands for. */
interface TermInfo {
  group: number;
  query: string;
  term: string;
  how: MatchKind;
}

function encodePath(path: string): string {
  return encodeURI(path).replace(/\?/g, '%3F').replace(/#/g, '%23');
}

/**
 * URL of a hit: `${urlPrefix}${path}?Highlight=<terms>#<anchor>`; no fragment for a page top
 * without an anchor.
 */
export function hitUrl(
  urlPrefix: string,
  path: string,
  terms: readonly string[],
  anchor: string,
): string {
  const base = `${urlPrefix.replace(/\/+$/, '')}${encodePath(path.startsWith('/') ? path : `/${path}`)}`;
  const highlight = `?Highlight=${encodeURIComponent(terms.join(' '))}`;
  const fragment = anchor === '' ? '' : `#${encodeURI(anchor).replace(/#/g, '%23')}`;
  return base + highlight + fragment;
}

/**
 * Section texts prepared for finding query words (see `SearchableText`), by row object, kept
 * while the row is: the engines' row caches hand out the same row query after query (and count
 * what this keeps of it; see `RowCache`). Lower-casing a text with a character beyond Latin-1,
 * such as a curly quote, goes through ICU (3.8 % of the instructions of the gnucash bench
 * queries, once their rows were cached). A long text gets its table of words when it is shown
 * a second time: a row shown once does not pay for it.
 */
const searchableTexts = new WeakMap<StoredSection, SearchableText>();

function searchableOf(row: StoredSection): SearchableText {
  const kept = searchableTexts.get(row);
  if (kept !== undefined) return addWordTable(kept);
  const searchable = searchableText(row.text, false);
  searchableTexts.set(row, searchable);
  return searchable;
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/** Index terms of the query (all groups but stop words, unless quoted), with their meaning. */
function termInfo(outcome: SearchOutcome): Map<number, TermInfo> {
  const info = new Map<number, TermInfo>();
  outcome.groups.forEach((group, g) => {
    if (group.stopWord) return;
    for (const variant of group.variants) {
      for (const slot of variant.slots) {
        for (const t of slot.terms) {
          if (!info.has(t.termId))
            info.set(t.termId, { group: g, query: group.text, term: t.term, how: t.how });
        }
      }
    }
  });
  return info;
}

/** Score explanation from the token sequences of one or more sections. */
function explain(
  score: number,
  sections: ReadonlyArray<readonly FieldTokens[]>,
  info: ReadonlyMap<number, TermInfo>,
): MatchExplanation {
  const byField: Record<string, string[]> = {};
  const matched = new Map<number, TermInfo>();
  for (const fields of sections) {
    fields.forEach((field, f) => {
      for (const termId of field.terms) {
        const term = info.get(termId);
        if (term === undefined) continue;
        const found = (byField[FIELDS[f] as string] ??= []);
        if (!found.includes(term.term)) found.push(term.term);
        matched.set(termId, term);
      }
    });
  }
  const terms = [...matched.values()]
    .sort((a, b) => a.group - b.group)
    .map((t) => ({ query: t.query, matched: t.term, how: t.how }));
  return { score: round(score), fields: byField, terms };
}

/** Shapes one page of ranked pages into API hits with URLs, snippets and sections. */
export async function buildHits(
  reader: IndexReader,
  outcome: SearchOutcome,
  pages: readonly RankedPage[],
  withExplanations: boolean,
): Promise<SearchHit[]> {
  const info = termInfo(outcome);
  // The kept tokens of a section's text hold every occurrence of the query's stop words too: the
  // set's mask turns them away before a look-up.
  const infoIds = new TermIdSet(info.keys());
  const snippetTerms = new Map<string, number>();
  for (const t of info.values()) snippetTerms.set(t.term, t.group);
  const shown = pages.map((page) => {
    const best = page.sections[0];
    const floor = (best?.adjusted ?? 0) * SECTION_SHARE;
    const listed = page.sections
      .slice(0, MAX_SECTIONS_PER_HIT)
      .filter((s, i) => i === 0 || s.adjusted >= floor);
    const linked = linkedSection(page);
    if (linked === undefined || linked === best) return listed;
    return [linked, ...listed.filter((s) => s !== linked)].slice(0, MAX_SECTIONS_PER_HIT);
  });
  const missing = shown
    .flatMap((list) => list.map((s) => s.sectionId))
    .filter((id) => !outcome.tokens.has(id));
  if (missing.length > 0) {
    for (const [id, fields] of await loadSectionTokens(reader, missing, outcome.queryTerms))
      outcome.tokens.set(id, fields);
  }
  const sectionRows = await reader.sections(shown.flatMap((list) => list.map((s) => s.sectionId)));
  const typed = outcome.parsed.units.flatMap((unit) => unit.words.map((word) => word.raw));
  shown.forEach((list, i) => {
    // Only where the hit links to its best section: a section chosen for its own words stays.
    if (list[0] !== pages[i]?.sections[0]) return;
    const lead = casedLead(
      list.map((s) => ({
        heading: (sectionRows.get(s.sectionId) as StoredSection | undefined)?.heading ?? '',
        score: s.adjusted,
      })),
      typed,
    );
    if (lead > 0) list.unshift(...list.splice(lead, 1));
  });
  const pageRows = await reader.pages(pages.map((p) => p.pageId));
  const docSets = new Map(reader.snapshot.docSets.map((d) => [d.storeId, d]));
  const otherVersions = await otherVersionsOf(reader, pageRows, outcome.otherVersions);
  const hits: SearchHit[] = [];
  pages.forEach((page, i) => {
    const stored = pageRows.get(page.pageId) as StoredPage | undefined;
    const docSet = docSets.get(page.docSetId);
    if (stored === undefined || docSet === undefined) return;
    const list = shown[i] ?? [];
    const highlight = new Map<number, string>();
    const present = new Map<number, Map<string, number>>();
    for (const section of list) {
      const fields = outcome.tokens.get(section.sectionId);
      if (fields === undefined) continue;
      const terms = new Map<string, number>();
      for (const field of fields) {
        for (const termId of field.terms) {
          if (!infoIds.has(termId)) continue;
          const t = info.get(termId) as TermInfo;
          terms.set(t.term, t.group);
          if (!highlight.has(termId)) highlight.set(termId, t.term);
        }
      }
      present.set(section.sectionId, terms);
    }
    const highlightTerms = [...highlight.entries()]
      .sort((a, b) => (info.get(a[0])?.group ?? 0) - (info.get(b[0])?.group ?? 0))
      .map(([, term]) => term)
      .slice(0, 10);
    const sections: SectionHit[] = [];
    for (const ranked of list) {
      const row = sectionRows.get(ranked.sectionId) as StoredSection | undefined;
      if (row === undefined) continue;
      const hit: SectionHit = {
        heading: row.heading,
        anchor: row.anchor,
        url: hitUrl(docSet.docSet.urlPrefix, stored.path, highlightTerms, row.anchor),
        snippet: buildSnippet(
          searchableOf(row),
          present.get(ranked.sectionId) ?? snippetTerms,
          SNIPPET_LENGTH,
        ),
        score: round(ranked.adjusted),
      };
      const fields = outcome.tokens.get(ranked.sectionId);
      if (withExplanations && fields !== undefined)
        hit.explain = explain(ranked.adjusted, [fields], info);
      sections.push(hit);
    }
    const top = sections[0];
    if (top === undefined) return;
    const hit: SearchHit = {
      url: top.url,
      title: stored.title,
      section: top.heading,
      breadcrumb: stored.breadcrumb,
      snippet: top.snippet,
      product: docSet.docSet.product,
      version: docSet.docSet.version,
      docType: docSet.docSet.docType,
      docSet: docSet.docSet.id,
      score: round(page.score),
      sections,
    };
    const others = otherVersions.get(page.pageId);
    if (others !== undefined)
      hit.alsoIn = others.map((o) => ({
        version: o.docSet.docSet.version,
        docSet: o.docSet.docSet.id,
        url: hitUrl(o.docSet.docSet.urlPrefix, o.path, highlightTerms, ''),
      }));
    if (withExplanations) {
      const fields = list.flatMap((s) => {
        const found = outcome.tokens.get(s.sectionId);
        return found === undefined ? [] : [found];
      });
      hit.explain = explain(page.score, fields, info);
      const effects = outcome.ruleEffects?.get(page.pageId);
      if (effects !== undefined) hit.rules = effects;
    }
    hits.push(hit);
  });
  return hits;
}

import type { RuleEffect } from '@docs-portal/contracts';
import type { IndexReader, IndexSnapshot } from '../core/IndexStore';
import type { DocSetScopes } from '../query/selectDocSets';
import type { RankedPage } from '../query/rankPages';
import { globMatches, normaliseRuleQuery, type CompiledRules } from './compileRules';

/** A pinned page resolved in the index, with where it goes. */
export interface ResolvedPin {
  pageId: number;
  docSetId: number;
  anchor: string | undefined;
  ruleId: string;
  /** Final position (0-based) in the whole result list. */
  position: number;
}

/** Page ids by `${docSetStoreId}\0${path}`, per index generation (null: no such page). */
const pathCache = new WeakMap<IndexSnapshot, Map<string, number | null>>();

async function pageIdsOf(
  reader: IndexReader,
  wanted: readonly { docSetId: number; path: string }[],
): Promise<Map<string, number | null>> {
  let cache = pathCache.get(reader.snapshot);
  if (cache === undefined) {
    cache = new Map();
    pathCache.set(reader.snapshot, cache);
  }
  const missing = new Map<number, string[]>();
  for (const w of wanted) {
    if (cache.has(`${w.docSetId}\0${w.path}`)) continue;
    const list = missing.get(w.docSetId) ?? [];
    list.push(w.path);
    missing.set(w.docSetId, list);
  }
  for (const [docSetId, paths] of missing) {
    const found = new Map((await reader.pagesAt([docSetId], paths)).map((p) => [p.path, p.id]));
    for (const path of paths) cache.set(`${docSetId}\0${path}`, found.get(path) ?? null);
  }
  return cache;
}

/**
 * What the active rules do to one query, worked out within the reader's access: pins and boosts
 * of doc sets the query may not read are dropped before any page is looked up, so a rule can
 * never show, count or rank a page the reader may not open.
 */
export class RulePlan {
  private readonly docSetFactor = new Map<number, number>();
  private readonly pageFactor = new Map<number, number>();
  private readonly factorRules = new Map<string, { id: string; factor: number }[]>();
  /** Pins whose doc set the reader may read (counted in facets). */
  readonly pins: ResolvedPin[] = [];
  /** Effects per page id, for explain mode. */
  readonly effects = new Map<number, RuleEffect[]>();

  private constructor() {}

  /** Resolves the rules that apply to `query` in the doc sets of `scopes`. */
  static async create(
    reader: IndexReader,
    rules: CompiledRules,
    query: string,
    scopes: DocSetScopes,
  ): Promise<RulePlan | null> {
    const key = normaliseRuleQuery(query);
    if (key === '') return null;
    const pins = rules.pins.get(key) ?? [];
    const boosts = rules.boosts.filter((b) => globMatches(b.pattern, key));
    if (pins.length === 0 && boosts.length === 0) return null;
    const readable = new Map<string, number>();
    const needed = new Set(scopes.needed);
    for (const d of scopes.readable)
      if (needed.has(d.storeId)) readable.set(d.docSet.id, d.storeId);
    const wanted: { docSetId: number; path: string }[] = [];
    for (const pin of pins) {
      const docSetId = readable.get(pin.docSet);
      if (docSetId !== undefined) wanted.push({ docSetId, path: pin.path });
    }
    for (const { rule } of boosts) {
      const docSetId = readable.get(rule.docSet);
      if (docSetId !== undefined && rule.path !== undefined)
        wanted.push({ docSetId, path: rule.path });
    }
    const ids =
      wanted.length === 0 ? new Map<string, number | null>() : await pageIdsOf(reader, wanted);
    const plan = new RulePlan();
    for (const { rule } of boosts) {
      const docSetId = readable.get(rule.docSet);
      if (docSetId === undefined) continue;
      if (rule.path === undefined) {
        plan.docSetFactor.set(docSetId, (plan.docSetFactor.get(docSetId) ?? 1) * rule.factor);
        plan.noteFactor(`d${docSetId}`, rule.id, rule.factor);
      } else {
        const pageId = ids.get(`${docSetId}\0${rule.path}`);
        if (pageId === undefined || pageId === null) continue;
        plan.pageFactor.set(pageId, (plan.pageFactor.get(pageId) ?? 1) * rule.factor);
        plan.noteFactor(`p${pageId}`, rule.id, rule.factor);
      }
    }
    const taken = new Set<number>();
    for (const pin of pins) {
      const docSetId = readable.get(pin.docSet);
      if (docSetId === undefined) continue;
      const pageId = ids.get(`${docSetId}\0${pin.path}`);
      if (pageId === undefined || pageId === null || taken.has(pageId)) continue;
      taken.add(pageId);
      plan.pins.push({
        pageId,
        docSetId,
        anchor: pin.anchor,
        ruleId: pin.id,
        position: pin.rank - 1,
      });
    }
    return plan;
  }

  private noteFactor(key: string, id: string, factor: number): void {
    const list = this.factorRules.get(key) ?? [];
    list.push({ id, factor });
    this.factorRules.set(key, list);
  }

  /** Boost or bury factor of a page. */
  factor(pageId: number, docSetId: number): number {
    return (this.pageFactor.get(pageId) ?? 1) * (this.docSetFactor.get(docSetId) ?? 1);
  }

  /** Multiplies first-pass scores (rows of `ids`) by their pages' factors. */
  boostScores(scores: Float64Array, ids: ArrayLike<number>, docSetOf: ArrayLike<number>): void {
    if (this.pageFactor.size === 0 && this.docSetFactor.size === 0) return;
    for (let k = 0; k < scores.length; k++) {
      const pageId = ids[k] as number;
      const f = this.factor(pageId, docSetOf[pageId] as number);
      if (f !== 1) scores[k] = (scores[k] as number) * f;
    }
  }

  /** Multiplies a ranked block's page scores by their factors and sorts it again. */
  boostBlock(pages: RankedPage[], titled: (pageId: number) => number): void {
    if (this.pageFactor.size === 0 && this.docSetFactor.size === 0) return;
    // A page titled as the query keeps leading unless a rule buries it.
    const lead = (page: RankedPage) =>
      this.factor(page.pageId, page.docSetId) < 1 ? 0 : titled(page.pageId);
    for (const page of pages) page.score *= this.factor(page.pageId, page.docSetId);
    pages.sort((a, b) => lead(b) - lead(a) || b.score - a.score || a.pageId - b.pageId);
  }

  /** Counts pinned pages that did not match the query in their doc sets' facet counts. */
  countUnmatchedPins(counts: Int32Array, matchedPageIds: readonly number[]): void {
    const matched = new Set(matchedPageIds);
    for (const pin of this.pins) {
      if (!matched.has(pin.pageId)) counts[pin.docSetId] = (counts[pin.docSetId] ?? 0) + 1;
    }
  }

  /** Pins shown in the searched doc sets (filters applied), placed in a list of `unpinned` pages. */
  placed(scopes: DocSetScopes, unpinned: number): ResolvedPin[] {
    const shown = this.pins.filter((p) => scopes.search.has(p.docSetId));
    const total = unpinned + shown.length;
    const used = new Set<number>();
    const out: ResolvedPin[] = [];
    for (const pin of shown) {
      let position = Math.min(pin.position, total - 1);
      while (used.has(position)) position++;
      used.add(position);
      out.push({ ...pin, position });
    }
    return out.sort((a, b) => a.position - b.position);
  }

  /** Records the effects of the rules on the pages shown, for explain mode. */
  noteEffects(pages: readonly RankedPage[], pinned: ReadonlySet<number>): void {
    for (const page of pages) {
      const effects: RuleEffect[] = [];
      const pin = this.pins.find((p) => p.pageId === page.pageId);
      if (pin !== undefined && pinned.has(page.pageId))
        effects.push({ id: pin.ruleId, effect: 'pin' });
      for (const key of [`d${page.docSetId}`, `p${page.pageId}`]) {
        for (const { id, factor } of this.factorRules.get(key) ?? []) {
          effects.push({ id, effect: factor >= 1 ? 'boost' : 'bury' });
        }
      }
      if (effects.length > 0) this.effects.set(page.pageId, effects);
    }
  }
}

/** Pins placed before final position `i`. */
function pinsBefore(pins: readonly ResolvedPin[], i: number): number {
  let n = 0;
  for (const pin of pins) if (pin.position < i) n++;
  return n;
}

/** Ranks (0-based, end excluded) of the unpinned pages a window of the final list needs. */
export function unpinnedWindow(
  pins: readonly ResolvedPin[],
  offset: number,
  size: number,
): { start: number; end: number } {
  return {
    start: offset - pinsBefore(pins, offset),
    end: offset + size - pinsBefore(pins, offset + size),
  };
}

/**
 * The final window `[offset, offset + size)`: pinned pages at their positions, the ranked
 * unpinned pages (from unpinned rank `firstRank` on) around them. A pinned page keeps the
 * sections it matched with; one that does not match the query shows its pinned section (or its
 * top).
 */
export async function placePins(
  reader: IndexReader,
  pins: readonly ResolvedPin[],
  ranked: readonly RankedPage[],
  pinnedRanked: readonly RankedPage[],
  window: { offset: number; size: number; total: number; firstRank: number; groups: number },
): Promise<RankedPage[]> {
  const byId = new Map(pinnedRanked.map((p) => [p.pageId, p]));
  const { firstSection, lastSection } = reader.snapshot.pages;
  const out: RankedPage[] = [];
  const end = Math.min(window.offset + window.size, window.total);
  for (let i = window.offset; i < end; i++) {
    const pin = pins.find((p) => p.position === i);
    if (pin === undefined) {
      const page = ranked[i - pinsBefore(pins, i) - window.firstRank];
      if (page !== undefined) out.push(page);
      continue;
    }
    let page = byId.get(pin.pageId);
    const first = firstSection[pin.pageId] as number;
    const last = lastSection[pin.pageId] as number;
    if (pin.anchor !== undefined && last >= first) {
      const ids: number[] = [];
      for (let s = first; s <= last; s++) ids.push(s);
      const rows = await reader.sections(ids);
      const target = [...rows.values()].find((s) => s.anchor === pin.anchor);
      if (target !== undefined) {
        const section = page?.sections.find((s) => s.sectionId === target.id) ?? {
          row: -1,
          sectionId: target.id,
          score: 0,
          adjusted: 0,
          mask: 0,
        };
        const rest = page?.sections.filter((s) => s.sectionId !== target.id) ?? [];
        page = {
          ...(page ?? emptyPage(pin.pageId, pin.docSetId, window.groups)),
          sections: [section, ...rest],
        };
      }
    }
    if (page === undefined || page.sections.length === 0) {
      if (last < first) continue;
      page = {
        ...(page ?? emptyPage(pin.pageId, pin.docSetId, window.groups)),
        sections: [{ row: -1, sectionId: first, score: 0, adjusted: 0, mask: 0 }],
      };
    }
    out.push(page);
  }
  return out;
}

function emptyPage(pageId: number, docSetId: number, groups: number): RankedPage {
  return {
    pageId,
    docSetId,
    mask: 0,
    groupBest: new Float64Array(groups),
    sections: [],
    score: 0,
    pageScore: 0,
  };
}

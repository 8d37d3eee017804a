import { FIELD_COUNT } from '../core/fields';
import type { IndexReader, PageTable } from '../core/IndexStore';
import type { DecodedPostings } from '../core/PostingCache';
import type { FieldTokens } from '../core/sectionTokens';
import type { Vocabulary } from '../core/Vocabulary';
import { isStopWord } from '../text/stopWords';
import { eachTitleToken } from '../text/sectionLabel';
import { loadSectionTokens } from './loadSectionTokens';
import { queryWordCount, type PlannedSlot, type QueryGroup } from './planQuery';
import {
  fieldExactness,
  type IdentifierReading,
  partReadings,
  PARTIAL_EXACTNESS,
  saysOnlyQueryWords,
  type ProximityQuery,
} from './proximity';

/** Most pages whose stored title is read to confirm it says exactly what was searched. */
export const MAX_TITLE_CHECKS = 200;
/** Words a title may have beyond the query's own (stop words such as `a`, `the`, `of`). */
const TITLE_SLACK = 3;

/** A test of whether an index term is a stop word, cached per term for one query. */
export function stopTermTest(vocabulary: Vocabulary): (termId: number) => boolean {
  const cache = new Map<number, boolean>();
  return (termId) => {
    let stop = cache.get(termId);
    if (stop === undefined) {
      stop = isStopWord(vocabulary.terms[vocabulary.indexOfTermId(termId)] ?? '');
      cache.set(termId, stop);
    }
    return stop;
  };
}

/**
 * How titles' identifiers are read for `groups` (see `saysOnlyQueryWords`): term texts from
 * `vocabulary`, and the terms that match some query word other than as a completion.
 */
export function identifierReading(
  vocabulary: Vocabulary,
  groups: readonly QueryGroup[],
): IdentifierReading {
  const typed = new Set<number>();
  for (const g of groups)
    for (const v of g.variants)
      for (const s of v.slots) for (const t of s.terms) if (t.how !== 'prefix') typed.add(t.termId);
  return { text: (termId) => vocabulary.terms[vocabulary.indexOfTermId(termId)] ?? '', typed };
}

/** Term id → the groups it stands for, in query order. */
export function termGroupsOf(groups: readonly QueryGroup[]): Map<number, number[]> {
  const termGroups = new Map<number, number[]>();
  groups.forEach((g, i) => {
    for (const v of g.variants) {
      for (const s of v.slots) {
        for (const t of s.terms) {
          const list = termGroups.get(t.termId);
          if (list === undefined) termGroups.set(t.termId, [i]);
          else if (!list.includes(i)) list.push(i);
        }
      }
    }
  });
  return termGroups;
}

/**
 * Term id → how literally it says its query word: its weight (times its variant's) over the
 * best such weight in its group, so the word typed, or the likeliest correction or completion of
 * it, scores 1 and another form of the word (a stem sibling) less.
 */
export function termQualities(groups: readonly QueryGroup[]): Map<number, number> {
  const quality = new Map<number, number>();
  for (const group of groups) {
    let best = 0;
    for (const v of group.variants)
      for (const s of v.slots) for (const t of s.terms) best = Math.max(best, t.weight * v.weight);
    if (best <= 0) continue;
    for (const v of group.variants) {
      for (const s of v.slots) {
        for (const t of s.terms) {
          const value = (t.weight * v.weight) / best;
          if (value > (quality.get(t.termId) ?? 0)) quality.set(t.termId, value);
        }
      }
    }
  }
  return quality;
}

/**
 * Least quality (see {@link termQualities}) of a term for a title to say its query word with it:
 * the word itself, the likeliest completion or correction, or an identifier's part; not another
 * form of the word (`templates` for `template`).
 */
const SAYS_QUALITY = 0.75;

/**
 * The content groups a title says, as bits (group g: `1 << g`), when every word of the title is a
 * query word (stop words aside); -1 when it says a word that was not searched. A group is said
 * when some way of matching it has every slot said: the word, or every part of an identifier
 * (`scipy.sparse.coo_array.resize` says `scipy.sparse.coo_array`; `User authentication in Django`
 * does not say `models.CustomUserManager` with `user`), each by a term of at least
 * {@link SAYS_QUALITY}, or, for a word with no exact match, by a correction whose weight is at
 * least that share of the slot's best. Groups past the 31st are left out of the bits.
 */
export function saidGroups(
  title: FieldTokens,
  groups: readonly QueryGroup[],
  query: ProximityQuery,
  isStopTerm: (termId: number) => boolean,
): number {
  const { contentGroups, termGroups, termQuality: quality } = query;
  if (!saysOnlyQueryWords(title, termGroups, isStopTerm, query.identifiers)) return -1;
  const said = new Set<number>();
  const inTitle = new Set<number>();
  for (const term of title.terms) {
    inTitle.add(term);
    if ((quality.get(term) ?? 0) >= SAYS_QUALITY) said.add(term);
  }
  // A word the index lacks as typed is said by its likeliest corrections, measured within its
  // own slot: the part `Timstamp` of `pandas.Timstamp` by `timestamp`, though a typo's weight is
  // below that of the group's exact part `pandas`.
  const saysSlot = (slot: PlannedSlot): boolean => {
    if (slot.terms.some((t) => said.has(t.termId))) return true;
    if (!slot.terms.some((t) => t.how === 'typo') || slot.terms.some((t) => t.how === 'exact'))
      return false;
    let best = 0;
    for (const t of slot.terms) best = Math.max(best, t.weight);
    return slot.terms.some((t) => inTitle.has(t.termId) && t.weight >= SAYS_QUALITY * best);
  };
  let bits = 0;
  for (const g of contentGroups) {
    if (g >= 31) continue;
    const variants = (groups[g] as QueryGroup).variants;
    if (variants.some((v) => v.slots.every(saysSlot))) bits |= 1 << g;
  }
  return bits;
}

/** What finding title matches needs to know about the query and the candidate pages. */
export interface TitleMatchQuery {
  /** The planned query. */
  groups: readonly QueryGroup[];
  /** Query words a title must hold (stop words and words the index lacks are left out). */
  contentGroups: readonly number[];
  /** Inverse document frequency of each group, weighting how literally each is said. */
  groupIdf: readonly number[];
  /** Whole-page posting lists of the query's terms (the first pass's). */
  pageLists: ReadonlyMap<number, readonly DecodedPostings[]>;
  /** Page table of the index generation. */
  pages: PageTable;
  /**
   * First-pass score of a candidate page, undefined for a page that is not a candidate: a look-up
   * into the first pass's rows, as a map of every candidate cost a query matching most of a
   * large corpus an entry per page to find the few titled as the query.
   */
  candidateScore(pageId: number): number | undefined;
  /** True for the term of a stop word. */
  isStopTerm(termId: number): boolean;
}

/**
 * Share of the query's weight a title that says only query words, but not all of them, must
 * say for its page to be ranked in full wherever its words put it (see `findTitleMatches`); a
 * title that says more than half of the words is ranked so too, whatever their weights: a
 * rare qualifier the page never says (`attribute` of `index pandas.DataFrame attribute`,
 * weighing more than the two others) must not keep `pandas.DataFrame.index` out of the ranking.
 */
export const PARTIAL_TITLE_SHARE = 0.5;

/**
 * Whether a title that says the content groups of `mask` (bits) and no other word says enough of
 * the query to be ranked in full (see {@link PARTIAL_TITLE_SHARE}): half of its weight
 * (`weights`, summing to `totalWeight` over `contentGroups`), or more than half of its words.
 */
export function saysEnough(
  mask: number,
  contentGroups: readonly number[],
  weights: readonly number[],
  totalWeight: number,
): boolean {
  let said = 0;
  let words = 0;
  for (const g of contentGroups) {
    if ((mask & (1 << g)) === 0) continue;
    said += weights[g] ?? 0;
    words++;
  }
  return said >= PARTIAL_TITLE_SHARE * totalWeight || words * 2 > contentGroups.length;
}

/** Candidate pages titled as the query (see `findTitleMatches`), by how literally. */
export interface TitleMatches {
  /** Titles that say every query word and nothing else. */
  exact: Map<number, number>;
  /** Titles that say nothing but query words and {@link PARTIAL_TITLE_SHARE} of the query. */
  partial: Map<number, number>;
}

/**
 * Candidate pages whose title says exactly what was searched (every content word of the title
 * is a query word, every query word is in the title), each with how literally it says it (see
 * `fieldExactness`). Found over all candidates from the whole-page posting lists and confirmed
 * on the stored title tokens, so a page titled as the query is known however far down the
 * whole-page ranking it sits among pages that merely use the word a lot. Apart, the pages whose
 * title says nothing but query words and at least {@link PARTIAL_TITLE_SHARE} of the query (a
 * function's page for its name and a qualifier), with `fieldExactness`'s partial score: they are
 * ranked in full, by their score.
 */
export async function findTitleMatches(
  reader: IndexReader,
  query: TitleMatchQuery,
): Promise<TitleMatches> {
  const found = new Map<number, number>();
  const partial = new Map<number, number>();
  const none = { exact: found, partial };
  const { groups, contentGroups, pages } = query;
  if (contentGroups.length === 0 || contentGroups.length > 30) return none;
  const termGroups = termGroupsOf(groups);
  const bitOf = new Map<number, number>();
  let wanted = 0;
  for (const g of contentGroups) wanted |= 1 << g;
  for (const [termId, list] of termGroups) {
    const bits = list.reduce((mask, g) => mask | (wanted & (1 << g)), 0);
    if (bits !== 0) bitOf.set(termId, bits);
  }
  const words = queryWordCount(groups);
  const longest = words + TITLE_SLACK;
  const inTitle = new Map<number, number>();
  // Longer titles, which may still name the query before a dash (see findNamedTitles).
  const longTitles = new Map<number, number>();
  for (const [termId, bits] of bitOf) {
    for (const list of query.pageLists.get(termId) ?? []) {
      for (let i = 0; i < list.count; i++) {
        if ((list.tf[i * FIELD_COUNT] as number) === 0) continue;
        const id = list.ids[i] as number;
        // The title's length first: it rules out most pages, and costs less than the look-up.
        const long = (pages.lengths[id * FIELD_COUNT] as number) > longest;
        if (query.candidateScore(id) === undefined) continue;
        const titles = long ? longTitles : inTitle;
        titles.set(id, (titles.get(id) ?? 0) | bits);
      }
    }
  }
  const shortlist: number[] = [];
  const partialList: number[] = [];
  let totalWeight = 0;
  for (const g of contentGroups) totalWeight += query.groupIdf[g] ?? 0;
  for (const [id, mask] of inTitle) {
    if ((pages.lastSection[id] as number) < 0) continue;
    if (mask === wanted) shortlist.push(id);
    else if (contentGroups.length >= 2) {
      if (saysEnough(mask, contentGroups, query.groupIdf, totalWeight)) partialList.push(id);
    }
  }
  const long: number[] = [];
  for (const [id, mask] of longTitles) {
    if (mask === wanted && (pages.lastSection[id] as number) >= 0) long.push(id);
  }
  if (shortlist.length === 0 && partialList.length === 0 && long.length === 0) return none;
  const byScore = (a: number, b: number) =>
    (query.candidateScore(b) ?? 0) - (query.candidateScore(a) ?? 0) || a - b;
  const longChecked = long.sort(byScore).slice(0, MAX_NAME_CHECKS);
  partialList.sort(
    (a, b) => (query.candidateScore(b) ?? 0) - (query.candidateScore(a) ?? 0) || a - b,
  );
  const partialChecked = partialList.slice(0, MAX_TITLE_CHECKS);
  shortlist.sort(
    (a, b) => (query.candidateScore(b) ?? 0) - (query.candidateScore(a) ?? 0) || a - b,
  );
  const checked = shortlist.slice(0, MAX_TITLE_CHECKS);
  const sections = await loadSectionTokens(
    reader,
    [...checked, ...partialChecked, ...longChecked].map((id) => pages.firstSection[id] as number),
  );
  const proximityQuery: ProximityQuery = {
    groups: groups.length,
    termGroups,
    groupWeights: query.groupIdf,
    contentGroups,
    termQuality: termQualities(groups),
    identifiers: identifierReading(reader.snapshot.vocabulary, groups),
    parts: partReadings(groups, true),
  };
  for (const id of checked) {
    const title = sections.get(pages.firstSection[id] as number)?.[0];
    if (title === undefined) continue;
    const exactness = fieldExactness(title, proximityQuery, query.isStopTerm);
    if (exactness > 0) found.set(id, exactness * concision(title, words));
  }
  for (const id of partialChecked) {
    const title = sections.get(pages.firstSection[id] as number)?.[0];
    if (title === undefined) continue;
    const exactness = fieldExactness(title, proximityQuery, query.isStopTerm, PARTIAL_EXACTNESS);
    if (exactness > 0) partial.set(id, exactness);
  }
  // Titles holding every query word that did not say it whole may name it before a dash, or be
  // a qualified name whose last part is the query: those that start with the query's words, or
  // end with one, are read (most titles do neither, and are never read).
  const named: number[] = [];
  let leaves = 0;
  for (const id of [...checked, ...longChecked]) {
    const title = sections.get(pages.firstSection[id] as number)?.[0];
    if (found.has(id) || title === undefined) continue;
    if (startsWithQuery(title, proximityQuery, query.isStopTerm)) named.push(id);
    else if (leaves < MAX_NAME_CHECKS && mayEndWithQuery(title, proximityQuery)) {
      named.push(id);
      leaves++;
    }
  }
  const names = await findNamedTitles(reader, named, groups, proximityQuery, query.isStopTerm);
  for (const [id, exactness] of names) found.set(id, exactness);
  return { exact: found, partial };
}

/**
 * Taken from a title's exactness for each word it has beyond the query's: of two titles saying
 * exactly what was searched, the one that says it in fewer words comes first (`pandas.Timestamp`
 * before `pandas.Timestamp.timestamp` for `pandas timestamp`).
 */
const EXACTNESS_PER_EXTRA_WORD = 0.01;

/** What a title keeps of its exactness for its words beyond the query's `words`. */
function concision(title: FieldTokens, words: number): number {
  const count = title.positions.length;
  if (count === 0) return 1;
  const length = (title.positions[count - 1] as number) - (title.positions[0] as number) + 1;
  return 1 - EXACTNESS_PER_EXTRA_WORD * Math.max(0, length - words);
}

/** Most longer titles whose words are read for a name before a dash (see findNamedTitles). */
export const MAX_NAME_CHECKS = 32;

/**
 * True when a title's first words, up to the first word that is neither a query word nor a stop
 * word, hold every content word of the query: what a title naming the query before a dash
 * starts with.
 */
function startsWithQuery(
  title: FieldTokens,
  query: ProximityQuery,
  isStopTerm: (termId: number) => boolean,
): boolean {
  let said = 0;
  let wanted = 0;
  for (const g of query.contentGroups) if (g < 31) wanted |= 1 << g;
  for (let start = 0; start < title.terms.length;) {
    const position = title.positions[start] as number;
    let end = start;
    let covered = false;
    let stops = true;
    for (; end < title.terms.length && title.positions[end] === position; end++) {
      const term = title.terms[end] as number;
      const groups = query.termGroups.get(term);
      if (groups !== undefined) {
        covered = true;
        for (const g of groups) if (g < 31) said |= 1 << g;
      } else if (!isStopTerm(term)) stops = false;
    }
    if (!covered && !stops) break;
    start = end;
  }
  return (said & wanted) === wanted;
}

/**
 * True when a title may be a qualified name whose last part is the query (`pandas.Timestamp` for
 * `timestamp`): its last word is a query word, and every content word of the query is after its
 * first word (which a qualified name's last part never holds). Most titles are ruled out here,
 * before their text is read.
 */
function mayEndWithQuery(title: FieldTokens, query: ProximityQuery): boolean {
  const count = title.terms.length;
  if (count === 0) return false;
  const first = title.positions[0] as number;
  const last = title.positions[count - 1] as number;
  if (last === first) return false;
  let endsWithQueryWord = false;
  let said = 0;
  for (let k = count - 1; k >= 0 && title.positions[k] !== first; k--) {
    const groups = query.termGroups.get(title.terms[k] as number);
    if (groups === undefined) continue;
    if (title.positions[k] === last) endsWithQueryWord = true;
    for (const g of groups) if (g < 31) said |= 1 << g;
  }
  if (!endsWithQueryWord) return false;
  for (const g of query.contentGroups) if (g < 31 && (said & (1 << g)) === 0) return false;
  return true;
}

/**
 * Exactness of a title that names the query before a dash, or whose qualified name ends with
 * it, times this: below a title that says the query and nothing else, above every page that is
 * not titled as the query.
 */
export const NAMED_TITLE_SHARE = 0.9;

/**
 * A title that is one qualified name, its parts joined by `.` or `::` (`pandas.Timestamp`,
 * `numpy.linalg.norm()`, `std::vector`), each part an identifier: what one-page-per-object API
 * references (pandas, SciPy, Javadoc-like generators) title their pages with.
 */
const QUALIFIED_NAME = /^[\p{L}_][\p{L}\p{N}_]*(?:(?:\.|::)[\p{L}_][\p{L}\p{N}_]*)+(?:\(\))?$/u;

/**
 * The name a title gives: the part before a dash set off by spaces (`typing — Support for type
 * hints`, `ls - list directory contents`), as reference pages (Python's library modules, manual
 * pages) are titled, or the last part of a title that is one qualified name (`Timestamp` of
 * `pandas.Timestamp`, `norm` of `numpy.linalg.norm()`), the object an API reference page is about;
 * undefined for other titles.
 */
export function titleName(title: string): string | undefined {
  const cut = title.search(/\s[\u2014\u2013-]\s/);
  if (cut > 0) return title.slice(0, cut);
  const parts = qualifiedNameParts(title);
  return parts === undefined ? undefined : parts[parts.length - 1];
}

/** The parts of a title that is one qualified name ({@link QUALIFIED_NAME}), else undefined. */
function qualifiedNameParts(title: string): string[] | undefined {
  const name = title.trim();
  if (!QUALIFIED_NAME.test(name)) return undefined;
  return (name.endsWith('()') ? name.slice(0, -2) : name).split(/\.|::/);
}

/**
 * Taken from {@link NAMED_TITLE_SHARE} for each part a qualified name has beyond two, so that of
 * the pages whose names end with the query the object's own comes before its namesakes inside
 * other objects: `pandas.merge` before `pandas.DataFrame.merge`, `pandas.Index` before
 * `pandas.Series.index`.
 */
const SHARE_PER_OWNER = 0.01;

/** Most taken for owners (see {@link SHARE_PER_OWNER}): a name stays above untitled pages. */
const MAX_OWNER_SHARE = 0.1;

/**
 * {@link NAMED_TITLE_SHARE} for a title whose qualified name has `parts` parts (undefined for a
 * name before a dash): less for a qualified name with more owners.
 */
function namedShare(parts: readonly string[] | undefined): number {
  const owners = Math.max(0, (parts?.length ?? 2) - 2);
  return NAMED_TITLE_SHARE - Math.min(MAX_OWNER_SHARE, SHARE_PER_OWNER * owners);
}

/**
 * Pages of `ids` whose title's name ({@link titleName}) says exactly what was searched, with its
 * exactness times {@link NAMED_TITLE_SHARE}: the library page of `typing` is titled as the query
 * `typing`, above release notes with a section headed `typing` that say the word more often, and
 * the page of `pandas.Timestamp` as the query `timestamp`, above the pages of its methods.
 */
async function findNamedTitles(
  reader: IndexReader,
  ids: readonly number[],
  groups: readonly QueryGroup[],
  query: ProximityQuery,
  isStopTerm: (termId: number) => boolean,
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (ids.length === 0) return found;
  const vocabulary = reader.snapshot.vocabulary;
  let wanted = 0;
  for (const g of query.contentGroups) if (g < 31) wanted |= 1 << g;
  for (const [id, page] of await reader.pages(ids)) {
    const name = titleName(page.title);
    if (name === undefined) continue;
    // Read as the index reads titles (a section label joins the first word), each term by its
    // id; a word the index lacks is no query word: the name says something else.
    const terms: number[] = [];
    const positions: number[] = [];
    let known = true;
    eachTitleToken(name, (term, position) => {
      const index = vocabulary.indexOf(term);
      if (index < 0) known = false;
      terms.push(vocabulary.termIds[index] ?? -1);
      positions.push(position);
    });
    if (!known || terms.length === 0) continue;
    const field = { terms: Int32Array.from(terms), positions: Int32Array.from(positions) };
    // The last part of a qualified name must say each query word whole, every part of an
    // identifier typed (`last` of `pandas.Series.last` does not say `ValueLa`, though `la`
    // completes to it).
    const parts = qualifiedNameParts(page.title);
    if (parts !== undefined && (saidGroups(field, groups, query, isStopTerm) & wanted) !== wanted)
      continue;
    const exactness = fieldExactness(field, query, isStopTerm);
    if (exactness > 0) found.set(id, namedShare(parts) * exactness);
  }
  return found;
}

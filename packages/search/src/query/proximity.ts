import type { FieldTokens } from '../core/sectionTokens';

/** Farthest two query words may be apart (in words) and still count as near each other. */
const WINDOW = 6;

/** What proximity scoring needs to know about the query. */
export interface ProximityQuery {
  /** Number of groups. */
  groups: number;
  /** Term id → the groups it stands for (in query order). */
  termGroups: ReadonlyMap<number, readonly number[]>;
  /** Weight of each group (its inverse document frequency; small for stop words). */
  groupWeights: readonly number[];
  /** Groups that count for an exact title or heading. */
  contentGroups: readonly number[];
  /**
   * Term id → how literally it says its query word: 1 for the best way the word matched (the
   * word itself, or the likeliest correction or completion), less for another form of it.
   */
  termQuality: ReadonlyMap<number, number>;
  /**
   * Weight of a title that says only query words but leaves some out, for `addFieldEvidence`
   * (see `RankingOptions.partialTitleWeight`); {@link PARTIAL_EXACTNESS} when not given.
   */
  partialTitleWeight?: number;
  /** How to read identifiers in a title or heading; without it, each position on its own. */
  identifiers?: IdentifierReading;
  /** The query's identifiers read by their parts (see {@link partReadings}). */
  parts?: PartReadings;
}

/**
 * Terms that stand for a query word only as one of its parts (`kiln` of `KilnInt`): such a term
 * says the word in a field only where the field holds every part of it. Else two identifiers of
 * the same words would say each other (`KilnFloat` said `kiln` of `KilnInt` next to `float` of
 * `floatValue`, and its `intValue` heading `int` and `value`, as if it named both query words).
 */
export interface PartReadings {
  /** Term id → the groups it is a part of, each with the part's number: `[g, part, g, part…]`. */
  terms: ReadonlyMap<number, readonly number[]>;
  /** Per group, the bits of all its parts (0 for a word that is not read by parts). */
  full: Int32Array;
}

/**
 * The terms of each query word read by its parts that match it only as a part, not as the word
 * whole (nor a synonym, typo or stem of it), for the words whose parts say them only all
 * together; undefined when there are none. Those are camelCase words, identifiers whose stop
 * words were left out of their parts (`has_column_privilege`: the title `column_privileges`
 * holds every part searched, not `has`) and, for `titles`, every word made of parts: a title
 * names one thing, and one that says only some parts of a name names another (`Ledgers` is no
 * title of `ledger_balance`, nor is the package page `email — An email and MIME handling package`
 * a title of `email.message`, which has a page of its own). Elsewhere the other parts of a name
 * say it alone: each part of a qualified name names a thing of its own (the heading
 * `lock.release()` on the page of `_thread.lock`), and a snake_case setting's page is found by
 * its siblings' headings too (`CSRF_COOKIE_AGE` beside `CSRF_COOKIE_HTTPONLY`).
 */
export function partReadings(
  groups: readonly { variants: readonly PartVariant[] }[],
  titles = false,
): PartReadings | undefined {
  const readByParts = (variant: PartVariant) =>
    variant.camelParts === true ||
    (variant.droppedParts ?? 0) > 0 ||
    (titles && variant.slots.length > 1);
  let terms: Map<number, number[]> | undefined;
  const full = new Int32Array(groups.length);
  groups.forEach((group, g) => {
    const whole = new Set<number>();
    for (const variant of group.variants)
      if (!readByParts(variant))
        for (const slot of variant.slots) for (const t of slot.terms) whole.add(t.termId);
    for (const variant of group.variants) {
      // A stop word left out of the parts is a part no field is seen to hold: the others alone
      // never make a field hold them all.
      const count = variant.slots.length + (variant.droppedParts ?? 0);
      if (!readByParts(variant) || count > 31) continue;
      full[g] = (1 << count) - 1;
      variant.slots.forEach((slot, part) => {
        for (const { termId } of slot.terms) {
          if (whole.has(termId)) continue;
          terms ??= new Map();
          const list = terms.get(termId);
          if (list === undefined) terms.set(termId, [g, part]);
          else list.push(g, part);
        }
      });
    }
  });
  return terms === undefined ? undefined : { terms, full };
}

/** The shape of a query variant {@link partReadings} reads. */
interface PartVariant {
  camelParts?: boolean;
  droppedParts?: number;
  slots: readonly { terms: readonly { termId: number }[] }[];
}

/** Scratch bits of the parts each group's field holds (one array for every call). */
let heldParts = new Int32Array(8);

/**
 * Groups whose parts a field holds only some of (bit g set), so that their part terms do not
 * say them there; 0 when every group read by parts is held whole or by all its parts.
 */
function partlyHeld(field: FieldTokens, parts: PartReadings | undefined): number {
  if (parts === undefined) return 0;
  const groups = parts.full.length;
  if (heldParts.length < groups) heldParts = new Int32Array(groups);
  const held = heldParts;
  held.fill(0, 0, groups);
  for (let i = 0; i < field.terms.length; i++) {
    const list = parts.terms.get(field.terms[i] as number);
    if (list === undefined) continue;
    for (let k = 0; k < list.length; k += 2)
      held[list[k] as number] =
        (held[list[k] as number] as number) | (1 << (list[k + 1] as number));
  }
  let partly = 0;
  for (let g = 0; g < groups && g < 31; g++) {
    const full = parts.full[g] as number;
    if (full !== 0 && held[g] !== 0 && held[g] !== full) partly |= 1 << g;
  }
  return partly;
}

/**
 * Bits of the groups read by their parts that a field says by a term other than their parts
 * (the word whole, a stem or a typo of it); 0 without such groups.
 */
function saidWhole(
  field: FieldTokens,
  termGroups: ReadonlyMap<number, readonly number[]>,
  parts: PartReadings | undefined,
): number {
  if (parts === undefined) return 0;
  let said = 0;
  for (let i = 0; i < field.terms.length; i++) {
    const term = field.terms[i] as number;
    const groups = termGroups.get(term);
    if (groups === undefined) continue;
    for (const g of groups) if (g < 31 && !isPartOf(term, g, parts)) said |= 1 << g;
  }
  return said;
}

/** True when `term` says group `g` only as one of its parts, which a field holds `partly`. */
function onlyAPart(
  term: number,
  g: number,
  partly: number,
  parts: PartReadings | undefined,
): boolean {
  return g < 31 && (partly & (1 << g)) !== 0 && isPartOf(term, g, parts);
}

/** True when `term` is one of the parts group `g` is read by (see {@link partReadings}). */
function isPartOf(term: number, g: number, parts: PartReadings | undefined): boolean {
  const list = parts?.terms.get(term);
  if (list === undefined) return false;
  for (let k = 0; k < list.length; k += 2) if (list[k] === g) return true;
  return false;
}

/** What {@link saysOnlyQueryWords} needs to read an identifier's parts in a field. */
export interface IdentifierReading {
  /** The text of a term. */
  text(termId: number): string;
  /** Terms that match a query word as typed, not as a completion of it. */
  typed: ReadonlySet<number>;
}

/**
 * Positions `saysOnlyQueryWords` found set off inside an identifier: one set for every call,
 * cleared at its start (it runs for many titles and headings per query, and is not re-entered).
 */
const separatedScratch = new Set<number>();

/** The texts of the run `saysOnlyQueryWords` reads (one array for every call, as above). */
const runTexts: string[] = [];

/** True when the first `length` characters of `text` are at most two of `.`, `_`, `:`, `-`. */
function isLeadingSeparator(text: string, length: number): boolean {
  if (length > 2) return false;
  for (let k = 0; k < length; k++) {
    const c = text.charCodeAt(k);
    // . _ : -
    if (c !== 0x2e && c !== 0x5f && c !== 0x3a && c !== 0x2d) return false;
  }
  return true;
}

/** Best quality per group of the field `fieldExactness` reads. */
let bestQuality = new Float64Array(8);

/**
 * True when every word of a title or heading is a query word (a term of `termGroups`) or a stop
 * word. A token sharing its position with a matched one (a part of a matched identifier) is
 * covered by it. Positions never decrease along a field, so those tokens are neighbours: each
 * run of one position is covered when any token of it matched.
 *
 * With `identifiers`, an identifier's later parts are read too: a joined term (`dataframe` at
 * the position of `data`, `series.at` at that of `series`) spans the positions whose parts it
 * spells, in order. Matched as typed (not completed) it covers them: `pandas dataframe` says
 * `pandas.DataFrame`, whose `frame` is no query word. A part set off by a separator inside an
 * identifier is a word, not a stop word: `pandas series` does not say `pandas.Series.at`; a
 * camelCase part is still one (`Of` of `WeekOfMonth`, which the query's parts leave out too).
 */
export function saysOnlyQueryWords(
  field: FieldTokens,
  termGroups: ReadonlyMap<number, readonly number[]>,
  isStopTerm: (termId: number) => boolean,
  identifiers?: IdentifierReading,
  parts?: PartReadings,
): boolean {
  // A part of a query word read by its parts, in a field that holds only some of them and not
  // the word whole, is no query word there: the `mut` of `back_mut` for `CursorMut back`.
  const partly = partlyHeld(field, parts) & ~saidWhole(field, termGroups, parts);
  const isQueryTerm = (term: number): boolean => {
    const groups = termGroups.get(term);
    if (groups === undefined) return false;
    if (partly === 0) return true;
    return groups.some((g) => !onlyAPart(term, g, partly, parts));
  };
  const n = field.terms.length;
  // Positions of parts set off by a separator inside an identifier seen so far, and the last
  // position spanned by a matched one.
  const separated = separatedScratch;
  // Only when it holds something: V8's clear() allocates a new table, and few fields add to it.
  if (separated.size > 0) separated.clear();
  let inMatched = -1;
  for (let start = 0; start < n;) {
    const position = field.positions[start] as number;
    let end = start;
    let covered = position <= inMatched;
    for (; end < n && field.positions[end] === position; end++)
      if (isQueryTerm(field.terms[end] as number)) covered = true;
    if (identifiers !== undefined && end - start > 1) {
      // The run's texts, read once for all its terms (every title re-ranked is read).
      const texts = runTexts;
      texts.length = 0;
      for (let k = start; k < end; k++) texts.push(identifiers.text(field.terms[k] as number));
      for (let i = start; i < end; i++) {
        const joined = texts[i - start] as string;
        const from = firstPartEnd(joined, texts);
        if (from < 0) continue;
        const last = joinedSpan(field, joined, from, end, identifiers.text, separated);
        if (last <= position) continue;
        if (identifiers.typed.has(field.terms[i] as number)) inMatched = Math.max(inMatched, last);
      }
    }
    if (!covered) {
      for (let i = start; i < end; i++) {
        if (separated.has(position) || !isStopTerm(field.terms[i] as number)) return false;
      }
    }
    start = end;
  }
  return true;
}

/**
 * Where the first part of `joined` ends in it, when it is an identifier joined from a shorter
 * term of its run (`texts`, the terms of one position) and the parts after it; -1 when it is
 * not. The part is the shortest such term, which `joined` starts with after at most two
 * separators (`_values_for_factorize`). Only such a term is its part: a section label's terms
 * share the position of a title's first word (`2`, `2.1` and `1` beside `pandas` and
 * `pandas.dataframe` in `2.1. pandas.DataFrame`) and are no part of it.
 */
function firstPartEnd(joined: string, texts: readonly string[]): number {
  let part = '';
  let at = -1;
  for (const text of texts) {
    if (text.length >= joined.length || (at >= 0 && text.length >= part.length)) continue;
    const first = joined.indexOf(text);
    if (first < 0 || !isLeadingSeparator(joined, first)) continue;
    part = text;
    at = first;
  }
  return at < 0 ? -1 : at + part.length;
}

/**
 * The last position that `joined`, a term of the run of one position that ends before `end`,
 * spells when the parts of the following positions follow its first part (which ends at
 * `offset` in it); the run's position when it spells no further part. The positions of parts
 * it spells after a separator (`at` of `series.at`, not `of` of `weekofmonth`, a camelCase
 * part) are added to `separated`.
 */
function joinedSpan(
  field: FieldTokens,
  joined: string,
  offset: number,
  end: number,
  termText: (termId: number) => string,
  separated: Set<number>,
): number {
  const position = field.positions[end - 1] as number;
  let last = position;
  for (let k = end; k < field.terms.length && offset < joined.length;) {
    const next = field.positions[k] as number;
    if (next !== last + 1) break;
    // The next position's part: its shortest term.
    let shortest = '';
    let stop = k;
    for (; stop < field.terms.length && field.positions[stop] === next; stop++) {
      const text = termText(field.terms[stop] as number);
      if (stop === k || text.length < shortest.length) shortest = text;
    }
    const at = joined.indexOf(shortest, offset);
    // Parts follow one another, with at most a separator (`.`, `_`, `::`) between them.
    if (shortest === '' || at < 0 || at - offset > 2) break;
    if (at > offset) separated.add(next);
    offset = at + shortest.length;
    last = next;
    k = stop;
  }
  return last;
}

/**
 * Positions of each group's terms in the field last read by {@link positionsByGroup}: group g's
 * are the first `positionCounts[g]` of `groupPositions[g]`. Kept from field to field (a field
 * is read start to end without yielding), so that the lists keep their room: new lists for
 * every field re-ranked were a twentieth of the memory a Python-docs search allocated.
 */
const groupPositions: number[][] = [];
const positionCounts: number[] = [];

/** Collects the positions of each group's terms in one field (see {@link groupPositions}). */
function positionsByGroup(field: FieldTokens, query: ProximityQuery): void {
  for (let g = 0; g < query.groups; g++) {
    positionCounts[g] = 0;
    groupPositions[g] ??= [];
  }
  const partly = partlyHeld(field, query.parts);
  for (let i = 0; i < field.terms.length; i++) {
    const term = field.terms[i] as number;
    const groups = query.termGroups.get(term);
    if (groups === undefined) continue;
    for (const g of groups) {
      if (partly !== 0 && onlyAPart(term, g, partly, query.parts)) continue;
      const count = positionCounts[g] as number;
      (groupPositions[g] as number[])[count] = field.positions[i] as number;
      positionCounts[g] = count + 1;
    }
  }
}

/**
 * Best closeness (1 for adjacent in order) of any occurrence of `a` followed by `b`: the first
 * `aCount` and `bCount` positions of each, ascending.
 */
function closeness(
  a: readonly number[],
  aCount: number,
  b: readonly number[],
  bCount: number,
): number {
  let best = 0;
  let j = 0;
  for (let i = 0; i < aCount; i++) {
    const p = a[i] as number;
    while (j < bCount && (b[j] as number) < p - WINDOW) j++;
    for (let k = j; k < bCount && (b[k] as number) <= p + WINDOW; k++) {
      const d = (b[k] as number) - p;
      if (d === 0) continue;
      const value = d > 0 ? 1 / d : 0.5 / -d;
      if (value > best) best = value;
    }
  }
  return best;
}

/**
 * Exactness of a heading that says only query words but not all of them: this times the square
 * of the share of the query it says (see `fieldExactness`). Titles have their own weight.
 */
export const PARTIAL_EXACTNESS = 1;

/**
 * How exactly a title or heading says what was searched: 0 unless every content word of the
 * field is a query word and every content group of the query is in the field; then the
 * inverse-document-frequency-weighted share of the groups said literally (1 when the field holds
 * the very words typed, 0.5 when it holds other forms of all of them, as `stemWeight` puts it).
 * With a `partialWeight` above 0, a field that says only query words but leaves some out
 * (`scipy.special.beta` for `beta in module scipy.special`: index entries and readers add
 * qualifiers) scores `partialWeight` times the square of the share it says.
 */
export function fieldExactness(
  field: FieldTokens,
  query: ProximityQuery,
  isStopTerm: (termId: number) => boolean,
  partialWeight = 0,
): number {
  const n = field.terms.length;
  if (query.contentGroups.length === 0 || n === 0) return 0;
  // A scratch buffer: this runs for the title and the heading of every section re-ranked.
  if (bestQuality.length < query.groups) bestQuality = new Float64Array(query.groups);
  const best = bestQuality;
  best.fill(0, 0, query.groups);
  const partly = partlyHeld(field, query.parts);
  for (let i = 0; i < n; i++) {
    const term = field.terms[i] as number;
    const groups = query.termGroups.get(term);
    if (groups === undefined) continue;
    const quality = query.termQuality.get(term) ?? 1;
    for (const g of groups) {
      if (partly !== 0 && onlyAPart(term, g, partly, query.parts)) continue;
      if (quality > (best[g] as number)) best[g] = quality;
    }
  }
  let said = 0;
  let total = 0;
  let missing = false;
  for (const g of query.contentGroups) {
    const quality = best[g] as number;
    if (quality === 0) {
      if (partialWeight <= 0) return 0;
      missing = true;
    }
    const weight = Math.max(query.groupWeights[g] ?? 0, 1e-6);
    said += quality * weight;
    total += weight;
  }
  // A field that says none of the query's content words scores 0 whatever else it says, so it
  // is spared the word-by-word reading (many of the titles and headings re-ranked are such).
  if (said === 0) return 0;
  if (!saysOnlyQueryWords(field, query.termGroups, isStopTerm, query.identifiers, query.parts))
    return 0;
  return missing ? partialWeight * (said / total) ** 2 : said / total;
}

/**
 * Proximity and exactness evidence of one section, gathered field by field (see
 * `addFieldEvidence`), so that its short fields can be weighed before its text is read.
 */
export interface SectionEvidence {
  /** Per pair of neighbouring groups, the best weighted closeness in any field so far. */
  pairBest: Float64Array;
  /** How exactly the title and the heading say what was searched (`fieldExactness`). */
  exactness: [title: number, heading: number];
}

/** Evidence of a section before any field is weighed. */
export function newEvidence(query: ProximityQuery): SectionEvidence {
  return { pairBest: new Float64Array(Math.max(0, query.groups - 1)), exactness: [0, 0] };
}

/**
 * Adds field `f` of a section to its evidence: its exactness for the title and the heading, and
 * how close each pair of neighbouring query words appear in it (weighted by the field).
 */
export function addFieldEvidence(
  evidence: SectionEvidence,
  field: FieldTokens,
  f: number,
  query: ProximityQuery,
  fieldWeights: readonly number[],
  isStopTerm: (termId: number) => boolean,
): void {
  if (field.terms.length === 0) return;
  if (f === 0) {
    const partialWeight = query.partialTitleWeight ?? PARTIAL_EXACTNESS;
    evidence.exactness[0] = fieldExactness(field, query, isStopTerm, partialWeight);
  } else if (f === 1) {
    evidence.exactness[1] = fieldExactness(field, query, isStopTerm, PARTIAL_EXACTNESS);
  }
  // One query word has no neighbour to be near: skip collecting its positions.
  if (query.groups < 2) return;
  positionsByGroup(field, query);
  const weight = fieldWeights[f] ?? 1;
  const pairBest = evidence.pairBest;
  for (let g = 0; g + 1 < query.groups; g++) {
    const aCount = positionCounts[g] as number;
    const bCount = positionCounts[g + 1] as number;
    if (aCount === 0 || bCount === 0) continue;
    const a = groupPositions[g] as number[];
    const b = groupPositions[g + 1] as number[];
    const value = closeness(a, aCount, b, bCount) * weight;
    if (value > (pairBest[g] as number)) pairBest[g] = value;
  }
}

/**
 * The proximity score of a section's evidence: each pair's best closeness, weighted by the
 * rarer of its two words. `ceiling`, when given, stands in for the closeness of pairs not yet
 * this close (what the fields still to be weighed could give at most).
 */
export function proximityOf(evidence: SectionEvidence, query: ProximityQuery, ceiling = 0): number {
  let proximity = 0;
  evidence.pairBest.forEach((value, g) => {
    const w = Math.min(query.groupWeights[g] ?? 0, query.groupWeights[g + 1] ?? 0);
    proximity += Math.max(value, ceiling) * w;
  });
  return proximity;
}

/**
 * Proximity evidence of one section: for each pair of neighbouring query words, how close they
 * appear in the same field (weighted by the field and the words), and how exactly its title and
 * its heading say what was searched (`fieldExactness`). Stop words take part here only.
 */
export function proximityScore(
  fields: readonly FieldTokens[],
  query: ProximityQuery,
  fieldWeights: readonly number[],
  isStopTerm: (termId: number) => boolean,
): { proximity: number; exactness: [title: number, heading: number] } {
  const evidence = newEvidence(query);
  fields.forEach((field, f) =>
    addFieldEvidence(evidence, field, f, query, fieldWeights, isStopTerm),
  );
  return { proximity: proximityOf(evidence, query), exactness: evidence.exactness };
}

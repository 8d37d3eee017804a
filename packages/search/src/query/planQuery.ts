import type { DocSetMask, Vocabulary } from '../core/Vocabulary';
import { singularAndPlural, stemTerm } from '../text/stem';
import { isStopWord } from '../text/stopWords';
import type { QueryWord } from '../text/tokenize';
import type { ParsedQuery } from './parseQuery';
import type { RankingOptions } from './rankingOptions';
import type { SynonymTable } from './synonyms';

/** How an index term was reached from a query word. */
export type MatchKind = 'exact' | 'stem' | 'prefix' | 'typo' | 'synonym';

/** An index term a query word may match, with the weight of that kind of match. */
export interface PlannedTerm {
  /** Store id of the term. */
  termId: number;
  /** The term. */
  term: string;
  /** Weight (1 for an exact match, less for stems, completions, typos). */
  weight: number;
  /** How it was reached. */
  how: MatchKind;
  /** Pages of the allowed doc sets holding it. */
  df: number;
}

/** Alternatives for one position of a variant: any one of the terms may match. */
export interface PlannedSlot {
  /** The alternatives. */
  terms: PlannedTerm[];
  /** Largest page count among the alternatives (their blended document frequency). */
  df: number;
  /** Page count of the word exactly as typed (0 when the index does not hold it). */
  exactDf: number;
}

/** One way of matching a group: all slots must match in the same section. */
export interface PlannedVariant {
  /** Slots (one for a plain word; one per word for phrases and identifier parts). */
  slots: PlannedSlot[];
  /** Weight of this way of matching. */
  weight: number;
  /**
   * True for a word written in camelCase read by its parts (`KilnInt` as `kiln` and `int`): they
   * are words of one name, not names of their own as a qualified name's (`sqlalchemy.orm`) are,
   * so a section holding some of them, or all apart, while others hold the name whole, says it
   * less (see scoreSections and proximity's partReadings).
   */
  camelParts?: boolean;
  /**
   * Stop words of an identifier left out of its parts (`has` of `has_column_privilege`): a field
   * holding the other parts but not the name whole is likelier another name (`column_privileges`),
   * so it does not say the word (see proximity's partReadings).
   */
  droppedParts?: number;
}

/** A query word (or phrase, or synonym span) and the ways it may match. */
export interface QueryGroup {
  /** Query text the group stands for. */
  text: string;
  /** Ways of matching; a section's group score is the best of them. */
  variants: PlannedVariant[];
  /** Quoted phrase: the first variant's slots must appear consecutively. */
  phrase: boolean;
  /** Stop word in a query that has other words: only used for proximity. */
  stopWord: boolean;
  /** True when no index term the reader may see matches the group at all. */
  unmatched: boolean;
  /**
   * Page count of the group, for its inverse document frequency: of its most common way of
   * matching, each way counted as its rarest slot (all its slots must match).
   */
  df: number;
}

/**
 * How many words a field may hold and still name only the query: a word read by its parts
 * counts as many (`current_role`: `current`, `role`), as a title or heading holds them.
 */
export function queryWordCount(groups: readonly QueryGroup[]): number {
  return groups.reduce((n, g) => n + Math.max(1, ...g.variants.map((v) => v.slots.length)), 0);
}

/** Everything the vocabulary look-ups need. */
export interface PlanContext {
  /** The index's terms. */
  vocabulary: Vocabulary;
  /** Doc sets whose terms the query may use (the reader's, within the query's scope). */
  allowed: DocSetMask;
  /** Configured synonyms. */
  synonyms: SynonymTable;
  /** Weights of the kinds of matches and expansion limits. */
  ranking: RankingOptions;
  /** Every word of the query, its parts and joined forms (planQuery fills it in). */
  queryTerms?: ReadonlySet<string>;
  /**
   * Whether a word of the query is written as code (see CODE_WORD): the query is about code,
   * whose camelCase compounds the index holds joined (planQuery fills it in; see isCompoundOf).
   */
  aboutCode?: boolean;
  /** The parts of the query's words of several parts (planQuery fills it in). */
  identifierParts?: ReadonlySet<string>;
}

/** Share of a completion's weight kept when the word as typed is itself in the index. */
export const KNOWN_WORD_COMPLETION = 0.75;

/**
 * A word written as code: camelCase (`StringUtils`), or letters joined by `_`, `.` or `::`
 * (`get_mut`, `os.path`, `std::io`); not a section number (`10.1`) nor a hyphenated word.
 */
const CODE_WORD = /[a-z][A-Z]|[A-Za-z0-9](?:_|\.|::)[A-Za-z]/;
/** A word of letters and digits alone: read by parts, they are camelCase parts (`KilnInt`). */
const CAMEL_CASE = /^[\p{L}\p{N}]+$/u;
/** Fewest letters of a camelCase compound's rest that tell it from an ending (see isCompoundOf). */
const CAMEL_REST_MIN = 3;
/**
 * `rest` as words the index knows: itself, or the fewest words it is made of, each of
 * {@link CAMEL_REST_MIN} letters or more but the first, which may have two (`as`, `int` of
 * `asint`, the rest of `getAsInt` after `get`; `and`, `increment` of `getAndIncrement`);
 * undefined when it is not made of such words. (Shorter words would split anything: `th`, `od`
 * of the `thod` of `method` after `me`.) `wordsFrom(start, minLength, found)` calls
 * `found(end)` for each known word `rest.slice(start, end)` of `minLength` letters or more,
 * shortest first.
 */
function knownWordsOf(
  rest: string,
  wordsFrom: (start: number, minLength: number, found: (end: number) => void) => void,
): string[] | undefined {
  // best[k]: the fewest known words that make up the first k letters; of as few, the one whose
  // last word starts first. Read from the starts already reached only.
  const best: Array<string[] | undefined> = [[]];
  for (let start = 0; start < rest.length; start++) {
    const before = best[start];
    if (before === undefined) continue;
    wordsFrom(start, start === 0 ? 2 : CAMEL_REST_MIN, (end) => {
      if ((best[end]?.length ?? Infinity) > before.length + 1) {
        best[end] = [...before, rest.slice(start, end)];
      }
    });
  }
  return best[rest.length];
}

/** What joins a word to the next part of an identifier (`get_mut`, `os.path`, `std::io`, `ORA-1`). */
const PART_SEPARATOR = /[._:-]/;
/** True when the rest of an identifier, or one of its parts, is a word of the query. */
function namesAnotherPart(rest: string, queryTerms: ReadonlySet<string> | undefined): boolean {
  if (queryTerms === undefined || queryTerms.size === 0) return false;
  if (queryTerms.has(rest)) return true;
  return rest.split(PART_SEPARATOR).some((part) => part !== '' && queryTerms.has(part));
}

/**
 * Edits between two words (insertions, deletions, substitutions and swaps of neighbouring
 * letters, as the typo trie counts them).
 */
function editsBetween(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      row.push(value);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/**
 * True when a spelling within the edits tolerated for a name made of parts (`test_migrate`)
 * keeps within those each of its parts tolerates (see {@link maxEditsFor}), part by part, or
 * changes a part only to another form of it (`red-eye` for `red-eyes`): the two edits that
 * turn `test_migrate` into `post_migrate` spell another name, not `test` mistyped. A spelling
 * with another number of parts is not compared (a name cut at a separator, `test_`).
 */
export function partsWithinEdits(
  term: string,
  spelling: string,
  known: (word: string) => boolean,
): boolean {
  if (!PART_SEPARATOR.test(term)) return true;
  const typed = term.split(PART_SEPARATOR).filter((part) => part !== '');
  const other = spelling.split(PART_SEPARATOR).filter((part) => part !== '');
  if (typed.length !== other.length) return true;
  return typed.every((part, i) => {
    const instead = other[i] as string;
    return (
      part === instead ||
      stemTerm(part) === stemTerm(instead) ||
      editsBetween(part, instead) <= maxEditsFor(part, known(part))
    );
  });
}

/** Words on at most this many pages are checked for much more common spellings. */
export const RARE_WORD_PAGES = 3;
/** How much more common a spelling must be to be tried next to a rare word. */
export const COMMON_FACTOR = 10;

/**
 * Edits tolerated in a query word: two from 9 letters, one from 5, and one in a 4-letter word
 * the reader's doc sets know neither whole nor as the start of a word (`leds` for `leads`);
 * a known short word or fragment is taken as typed, since most short words are one edit away
 * from several others.
 */
function maxEditsFor(word: string, known: boolean): number {
  if (word.length >= 9) return 2;
  if (word.length >= 5) return 1;
  return word.length === 4 && !known ? 1 : 0;
}

/**
 * Completions tried for a word still being typed: fewer the shorter it is. A one-letter query
 * (the first keystroke) says little about what is meant, and its completions are the index's
 * most frequent words, whose long posting lists are the costliest part of a search: its first
 * few, by frequency, already decide the results shown. A one-letter word after other words
 * (`-b` in `test option -b`) keeps more, since they may be what joins it with those words.
 */
export function completionLimit(word: string, maxCompletions: number, soleWord = false): number {
  if (word.length === 1 && soleWord) return Math.ceil(maxCompletions / 15);
  if (word.length < 3) return Math.ceil(maxCompletions / 3);
  return maxCompletions;
}

class SlotBuilder {
  private readonly byTerm = new Map<number, PlannedTerm>();
  private exactDf = 0;
  /** `soleWord`: the query is this one word (see {@link completionLimit}). */
  constructor(
    private readonly ctx: PlanContext,
    private readonly soleWord = false,
  ) {}

  add(index: number, weight: number, how: MatchKind): void {
    const v = this.ctx.vocabulary;
    const termId = v.termIds[index] as number;
    const existing = this.byTerm.get(termId);
    if (existing !== undefined && existing.weight >= weight) return;
    this.byTerm.set(termId, {
      termId,
      term: v.terms[index] as string,
      weight,
      how,
      df: v.df(index, this.ctx.allowed),
    });
  }

  /** Exact term, its stem siblings and (optionally) synonyms, completions and typo variants. */
  addWord(
    term: string,
    options: { prefix: boolean; typos: boolean; weight?: number; how?: MatchKind },
  ): void {
    const { vocabulary: v, allowed, ranking: r } = this.ctx;
    const scale = options.weight ?? 1;
    const how = options.how;
    const exact = v.indexOf(term);
    const exactDf = exact >= 0 ? v.df(exact, allowed) : 0;
    if (exactDf > 0) this.add(exact, scale, how ?? 'exact');
    if (how === undefined) this.exactDf = Math.max(this.exactDf, exactDf);
    const completions =
      options.prefix && term.length >= 1
        ? v.completions(term, allowed, completionLimit(term, r.maxCompletions, this.soleWord))
        : [];
    // A word still being typed that the index does not know is a fragment, not a word to stem.
    // Another word of the query is that word's, not a form of this one: `locale` is no stem of
    // `localize` in `localize in module locale`, or every section saying the module's name would
    // say both words.
    if (!(exactDf === 0 && completions.length > 0)) {
      for (const index of v.withStem(stemTerm(term), allowed)) {
        if (index === exact || this.ctx.queryTerms?.has(v.terms[index] as string) === true)
          continue;
        this.add(index, scale * r.stemWeight, how ?? 'stem');
      }
    }
    // A word the index knows as typed is more likely finished than cut short: its completions
    // count for less than they would for a fragment.
    const known = exactDf > 0 ? KNOWN_WORD_COMPLETION : 1;
    // An identifier made of the word and more parts (`get_mut` of `get`) holds the word itself
    // as a part, at the same place: counting it again as a completion would rank `get_mut`
    // above `get` for `get`. Such completions stay out when the word as typed, a single part,
    // is in the index (the parts find them), unless the query names one of their other parts
    // too (`sqlalchemy.create_engine` for `create_engine in module sqlalchemy`).
    const whole = exactDf > 0 && !PART_SEPARATOR.test(term);
    for (const { index } of completions) {
      const completion = v.terms[index] as string;
      if (whole && this.isCompoundOf(term, completion)) continue;
      // A part of an identifier of the query (`sorter` of `ArraySorter sort`) is that word's:
      // read as this word cut short too, it counted twice, and every section saying the
      // identifier (a constructor headed by its class's name) matched this word as well.
      if (this.ctx.identifierParts?.has(completion) === true) continue;
      const typed = term.length / completion.length;
      this.add(index, scale * known * r.prefixWeight * (0.5 + 0.5 * typed), how ?? 'prefix');
    }
    const maxEdits = maxEditsFor(term, exactDf > 0 || completions.length > 0);
    if (options.typos && maxEdits > 0 && exactDf <= RARE_WORD_PAGES) {
      // A word the index barely knows may itself be a typo in the docs ("expresion"): its
      // spellings that are far more common are tried too.
      const similar = v
        .similar(term, maxEdits, allowed, r.maxTypoVariants)
        .filter(({ index }) => exactDf === 0 || v.df(index, allowed) >= exactDf * COMMON_FACTOR)
        .filter(({ index }) => partsWithinEdits(term, v.terms[index] as string, this.inIndex));
      let topDf = 1;
      for (const { index } of similar) topDf = Math.max(topDf, v.df(index, allowed));
      for (const { index, distance } of similar) {
        const base = distance === 1 ? r.typoWeight : r.typo2Weight;
        // Among equally close spellings, the more common one is the likelier intent.
        const likelihood = 0.5 + 0.5 * Math.sqrt(v.df(index, allowed) / topDf);
        const weight = scale * base * likelihood;
        this.add(index, weight, how ?? 'typo');
        // The spelling's plural or singular, weighed as a word's other forms are (`menu` of
        // `emnus`, read `menus`): the same thing, where a title names it. Its farther forms stay
        // out, as a correction is itself a guess.
        const spelling = v.terms[index] as string;
        for (const form of v.withStem(stemTerm(spelling), allowed)) {
          if (form === exact || !singularAndPlural(v.terms[form] as string, spelling)) continue;
          this.add(form, weight * r.stemWeight, how ?? 'typo');
        }
      }
    }
  }

  /** True when a word is in the index as written, in a doc set the reader may open. */
  private readonly inIndex = (word: string): boolean => {
    const at = this.ctx.vocabulary.indexOf(word);
    return at >= 0 && this.ctx.vocabulary.df(at, this.ctx.allowed) > 0;
  };

  /**
   * True when `completion` is `term` and more parts, unless the query names one of those parts:
   * after a separator (`get_mut`); or, in a query about code (`StringUtils strip`), joined in
   * camelCase (`stripEnd`, indexed lower-cased as `stripend`) to a word of three letters or
   * more, seen as a rest of three letters or more that is a word of the index (`end`; not the
   * `er` of `sorter`) or is made of such words (`andincrement` of `getAndIncrement`, see
   * knownWordsOf). The index cannot tell `stripend` from an English compound (`workflow` of
   * `work`), which holds no part of its own: a query of plain words keeps those as completions.
   */
  private isCompoundOf(term: string, completion: string): boolean {
    const { queryTerms } = this.ctx;
    if (PART_SEPARATOR.test(completion.charAt(term.length))) {
      return !namesAnotherPart(completion.slice(term.length + 1), queryTerms);
    }
    if (this.ctx.aboutCode !== true) return false;
    // A word of two letters is more likely the start of one being typed (`mi` of `TEST_MI`).
    const rest = completion.slice(term.length);
    if (term.length < CAMEL_REST_MIN || rest.length < CAMEL_REST_MIN) return false;
    const { vocabulary, allowed } = this.ctx;
    const words = knownWordsOf(rest, (start, minLength, found) =>
      vocabulary.termEndsFrom(rest, start, minLength, allowed, found),
    );
    return words !== undefined && !words.some((word) => queryTerms?.has(word) === true);
  }

  build(): PlannedSlot {
    const terms = [...this.byTerm.values()];
    let df = 0;
    for (const t of terms) df = Math.max(df, t.df);
    return { terms, df, exactDf: this.exactDf };
  }
}

function slotFor(ctx: PlanContext, term: string, prefix: boolean, typos: boolean): PlannedSlot {
  const builder = new SlotBuilder(ctx);
  builder.addWord(term, { prefix, typos });
  return builder.build();
}

/** Variants of a single (non-phrase) word: whole (with its synonyms) and, for identifiers, by parts. */
function wordVariants(
  ctx: PlanContext,
  word: QueryWord,
  prefix: boolean,
  synonyms: string[][],
  soleWord: boolean,
): PlannedVariant[] {
  const variants: PlannedVariant[] = [];
  const whole = new SlotBuilder(ctx, soleWord);
  const wholeTerm = word.joined ?? (word.parts[0] as string);
  // A word being typed that ends with a separator (`pg_stat_`) is a name whose next part is
  // coming: its completions are meant, not the word without the separator (`pg_stats`).
  const nextPart = prefix && PART_SEPARATOR.test(wholeTerm.charAt(wholeTerm.length - 1));
  whole.addWord(wholeTerm, { prefix, typos: !nextPart });
  const phraseSynonyms: string[][] = [];
  for (const member of synonyms) {
    if (member.length === 1) {
      whole.addWord(member[0] as string, {
        prefix: false,
        typos: false,
        weight: ctx.ranking.synonymWeight,
        how: 'synonym',
      });
    } else {
      phraseSynonyms.push(member);
    }
  }
  const wholeSlot = whole.build();
  variants.push({ slots: [wholeSlot], weight: 1 });
  // Names that go on past the separator are what is being typed: the parts alone (`shelf` of
  // `shelf_`) only stand in for them where the index holds none.
  const byParts = !(nextPart && wholeSlot.terms.length > 0);
  if (byParts && (word.parts.length > 1 || word.joined !== undefined)) {
    const content = word.parts.filter((part) => !isStopWord(part));
    const parts = content.length > 0 ? content : word.parts;
    const last = parts.length - 1;
    // Before a separator being typed, the last part is whole.
    const slots = parts.map((part, i) =>
      slotFor(ctx, part, prefix && i === last && !nextPart, true),
    );
    const dropped = word.parts.length - parts.length;
    variants.push({
      slots,
      weight: ctx.ranking.partsWeight,
      ...(CAMEL_CASE.test(word.raw) ? { camelParts: true } : {}),
      ...(dropped > 0 ? { droppedParts: dropped } : {}),
    });
  }
  for (const member of phraseSynonyms) {
    variants.push({
      slots: member.map((term) => slotFor(ctx, term, false, false)),
      weight: ctx.ranking.synonymWeight,
    });
  }
  return variants;
}

function groupOf(
  text: string,
  variants: PlannedVariant[],
  phrase: boolean,
  stopWord: boolean,
): QueryGroup {
  // A variant matches only where all its slots do, so it is at most as common as its rarest
  // slot: `scipy.special` by parts is as rare as `special`, not as common as `scipy`.
  let df = 0;
  let anyDf = 0;
  let unmatched = true;
  for (const variant of variants) {
    let variantDf = Infinity;
    for (const slot of variant.slots) {
      anyDf = Math.max(anyDf, slot.df);
      variantDf = Math.min(variantDf, slot.df);
    }
    if (variant.slots.every((slot) => slot.terms.length > 0)) {
      unmatched = false;
      df = Math.max(df, variantDf);
    }
  }
  if (unmatched) df = anyDf;
  return { text, variants, phrase, stopWord, unmatched, df };
}

function wordKey(word: QueryWord): string {
  return word.joined ?? (word.parts[0] as string);
}

/**
 * Turns a parsed query into groups of alternatives looked up in the reader's vocabulary:
 * exact terms, stems, synonyms from the configuration, completions of the last word and
 * spelling variants (one edit from 5 letters, or from 4 for a word the index lacks, two from
 * 9) of words the reader's doc sets do not contain. Quoted phrases match their exact words only.
 */
export function planQuery(query: ParsedQuery, plan: PlanContext): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const units = query.units;
  const queryTerms = new Set<string>();
  let aboutCode = false;
  const identifierParts = new Set<string>();
  for (const unit of units) {
    for (const word of unit.words) {
      for (const part of word.parts) queryTerms.add(part);
      if (word.parts.length > 1) for (const part of word.parts) identifierParts.add(part);
      if (word.joined !== undefined) queryTerms.add(word.joined);
      if (CODE_WORD.test(word.raw)) aboutCode = true;
    }
  }
  const ctx: PlanContext = { ...plan, queryTerms, aboutCode, identifierParts };
  const allStopWords = units.every(
    (unit) =>
      !unit.quoted &&
      unit.words.every((w) => w.parts.length === 1 && isStopWord(w.parts[0] as string)),
  );
  for (let u = 0; u < units.length; u++) {
    const unit = units[u] as (typeof units)[number];
    const isLast = u === units.length - 1;
    if (unit.quoted) {
      const terms = unit.words.flatMap((word) => word.parts);
      const slots = terms.map((term) => {
        const builder = new SlotBuilder(ctx);
        const index = ctx.vocabulary.indexOf(term);
        if (index >= 0 && ctx.vocabulary.df(index, ctx.allowed) > 0) builder.add(index, 1, 'exact');
        return builder.build();
      });
      groups.push(
        groupOf(unit.words.map((w) => w.raw).join(' '), [{ slots, weight: 1 }], true, false),
      );
      continue;
    }
    // Multi-word synonyms: the longest configured member starting at this unit wins.
    let spanned = false;
    for (let length = Math.min(ctx.synonyms.longest, units.length - u); length >= 2; length--) {
      const span = units.slice(u, u + length);
      if (span.some((s) => s.quoted)) continue;
      const key = span.map((s) => wordKey(s.words[0] as QueryWord)).join(' ');
      const groupIds = ctx.synonyms.byMember.get(key);
      if (groupIds === undefined) continue;
      const spanWords = span.map((s) => s.words[0] as QueryWord);
      const variants: PlannedVariant[] = [
        {
          slots: spanWords.map((w, i) =>
            slotFor(ctx, wordKey(w), query.lastIsPrefix && u + i === units.length - 1, true),
          ),
          weight: 1,
        },
      ];
      for (const id of groupIds) {
        for (const member of ctx.synonyms.groups[id] ?? []) {
          if (member.join(' ') === key) continue;
          variants.push({
            slots: member.map((term) => slotFor(ctx, term, false, false)),
            weight: ctx.ranking.synonymWeight,
          });
        }
      }
      groups.push(groupOf(spanWords.map((w) => w.raw).join(' '), variants, false, false));
      u += length - 1;
      spanned = true;
      break;
    }
    if (spanned) continue;
    const word = unit.words[0] as QueryWord;
    const key = wordKey(word);
    const synonymMembers = (ctx.synonyms.byMember.get(key) ?? []).flatMap((id) =>
      (ctx.synonyms.groups[id] ?? []).filter((member) => member.join(' ') !== key),
    );
    const typing = query.lastIsPrefix && isLast;
    const stopWord = !allStopWords && !typing && word.parts.length === 1 && isStopWord(key);
    const soleWord = units.length === 1 && unit.words.length === 1;
    const variants = wordVariants(ctx, word, typing, synonymMembers, soleWord);
    groups.push(groupOf(word.raw, variants, false, stopWord));
  }
  return groups;
}

import { FIELD_COUNT } from '../core/fields';
import type { DecodedPostings } from '../core/PostingCache';
import { singularAndPlural } from '../text/stem';
import { RARE_WORD_PAGES, type PlannedSlot, type PlannedTerm, type QueryGroup } from './planQuery';
import type { RankingOptions } from './rankingOptions';

/** Collection statistics over the doc sets a query reads. */
export interface CorpusStats {
  /** Number of documents (pages) the inverse document frequency is computed over. */
  documents: number;
  /** Average length of each field of the documents scored (pages or sections). */
  averageLengths: number[];
}

/** Document ids and field lengths of the documents scored (pages or sections). */
export interface DocumentTable {
  /** Largest id. */
  maxId: number;
  /** Field lengths, FIELD_COUNT per id. */
  lengths: Uint32Array;
}

/** Rows a scoring starts with room for. */
const INITIAL_ROWS = 256;
/** Largest row array kept for reuse (bigger ones, of long queries on large corpora, are let go). */
const MAX_POOLED_ROW_BYTES = 1 << 20;
/** Finished scorings' arrays kept for reuse (a scoring at a time, or a few at once, in practice). */
const POOLED = 4;

/** Per-document, per-group BM25F scores of every document matching at least one group. */
export class SectionScores {
  /** Documents scored. */
  count = 0;
  /** Document ids (`count` of them; the array may be longer). */
  ids: Int32Array;
  /** `scores[k * groups + g]`: score of group g in document k (0 when it does not match). */
  scores: Float64Array;
  private slotOf: Int32Array;
  /** Id-indexed row maps of finished scorings, reused so large corpora do not churn memory. */
  private static readonly pool: Int32Array[] = [];
  /**
   * Row arrays of finished scorings, reused: a search's scorings grew theirs from 256 rows by
   * doubling, and each new typed array is a zeroed allocation outside V8's heap, freed by its
   * sweeper (about 3 % of the CPU of a Python-docs search). Rows are zeroed as they are added.
   */
  private static readonly rowPool: Array<{ ids: Int32Array; scores: Float64Array }> = [];

  constructor(
    readonly groups: number,
    maxId: number,
  ) {
    const rows = SectionScores.rowPool.pop();
    this.ids = rows?.ids ?? new Int32Array(INITIAL_ROWS);
    this.scores = rows?.scores ?? new Float64Array(INITIAL_ROWS * Math.max(1, groups));
    const pooled = SectionScores.pool.findIndex((map) => map.length === maxId + 1);
    this.slotOf =
      pooled >= 0
        ? (SectionScores.pool.splice(pooled, 1)[0] as Int32Array)
        : new Int32Array(maxId + 1).fill(-1);
  }

  /**
   * Hands the id map and the rows back for reuse; neither the scores nor the ids may be read
   * afterwards.
   */
  release(): void {
    for (let k = 0; k < this.count; k++) this.slotOf[this.ids[k] as number] = -1;
    if (SectionScores.pool.length < POOLED) SectionScores.pool.push(this.slotOf);
    if (
      SectionScores.rowPool.length < POOLED &&
      this.ids.length > 0 &&
      this.scores.byteLength <= MAX_POOLED_ROW_BYTES &&
      this.ids.byteLength <= MAX_POOLED_ROW_BYTES
    ) {
      SectionScores.rowPool.push({ ids: this.ids, scores: this.scores });
    }
    this.slotOf = new Int32Array(0);
    this.ids = new Int32Array(0);
    this.scores = new Float64Array(0);
    this.count = 0;
  }

  /** Row of a document, added on first use. */
  slot(id: number): number {
    let k = this.slotOf[id] as number;
    if (k >= 0) return k;
    k = this.count++;
    if (k >= this.ids.length) {
      const ids = new Int32Array(Math.max(INITIAL_ROWS, this.ids.length * 2));
      ids.set(this.ids);
      this.ids = ids;
    }
    const at = k * this.groups;
    const end = at + this.groups;
    if (end > this.scores.length) {
      const scores = new Float64Array(Math.max(this.scores.length * 2, end));
      scores.set(this.scores.subarray(0, at));
      this.scores = scores;
    } else {
      // A reused array holds an earlier scoring's values.
      for (let i = at; i < end; i++) this.scores[i] = 0;
    }
    this.ids[k] = id;
    this.slotOf[id] = k;
    return k;
  }

  /** Row of a document, or -1. */
  find(id: number): number {
    return id < this.slotOf.length ? (this.slotOf[id] as number) : -1;
  }

  /** Raises a group's score in a row to `value` when higher. */
  raise(k: number, group: number, value: number): void {
    const at = k * this.groups + group;
    if (value > (this.scores[at] as number)) this.scores[at] = value;
  }
}

/** BM25 inverse document frequency. */
export function idf(df: number, documents: number): number {
  return Math.log(1 + (documents - df + 0.5) / (df + 0.5));
}

const accumulators: Float64Array[] = [];

/** A zeroed id-indexed accumulator, reused between queries (large corpora, many queries). */
function borrowAccumulator(size: number): Float64Array {
  const at = accumulators.findIndex((a) => a.length === size);
  return at >= 0 ? (accumulators.splice(at, 1)[0] as Float64Array) : new Float64Array(size);
}

/** Hands an accumulator back; it must be all zeros again. */
function returnAccumulator(accumulator: Float64Array): void {
  if (accumulators.length < 4) accumulators.push(accumulator);
}

/**
 * Ids given their first sum by the terms being weighed (see scoreSections), in that order: one
 * array for every scoring, which runs start to end without yielding, so that it keeps its room
 * between them. Emptied by resetting its count, not its length (V8 frees an array's storage when
 * its length is set to 0): growing it again for each slot was a sixteenth of the memory a
 * Python-docs search allocates.
 */
const touched: number[] = [];

/**
 * Id-indexed scores of the variants of several slots (see scoreSections): the scores that all
 * slots so far give a document (`combined`, 0 where some slot has none) and the best score of
 * the slot being weighed (`best`). Kept between scorings like `touched`, and all zeros between
 * them; they grow to the largest table scored.
 */
const slotScores = { combined: new Float64Array(0), best: new Float64Array(0) };

/**
 * The scores of the documents of the slot last scored, in the order of `touched` (see
 * scoreSections): handed over in an array, as a number passed to a callback is a new heap
 * object each time (a twentieth of the memory a Python-docs search allocated).
 */
let slotOut = new Float64Array(256);

/** Most a rare completion's frequency counts for, relative to the slot's common words. */
const MAX_COMPLETION_BOOST = 2;

/** First index in `ids[start..count)` whose value is at least `value`. */
export function lowerBound(ids: Int32Array, start: number, count: number, value: number): number {
  let lo = start;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Term ids of the scored (non stop word) groups. */
export function scoredTermIds(groups: readonly QueryGroup[]): number[] {
  const ids = new Set<number>();
  for (const group of groups) {
    if (group.stopWord) continue;
    for (const variant of group.variants)
      for (const slot of variant.slots) for (const t of slot.terms) ids.add(t.termId);
  }
  return [...ids];
}

/**
 * BM25F over title, heading, breadcrumb and text for every document of the given posting lists
 * that matches a scored group, optionally only inside id ranges (`ranges[2i]..ranges[2i+1]`,
 * ascending: the sections of the pages being ranked). A group's score is its best variant; a
 * variant with several slots (phrase words, identifier parts, multi-word synonyms) only counts
 * where all of them match.
 */
export function scoreSections(
  groups: readonly QueryGroup[],
  lists: ReadonlyMap<number, readonly DecodedPostings[]>,
  table: DocumentTable,
  stats: CorpusStats,
  ranking: RankingOptions,
  ranges?: Int32Array,
): SectionScores {
  const result = new SectionScores(groups.length, table.maxId);
  const weights = ranking.fieldWeights;
  const k1 = ranking.k1;
  const lengths = table.lengths;
  // Length normalisation per field: 1 - b + b * length / average = base + slope * length.
  const base = new Float64Array(FIELD_COUNT);
  const slope = new Float64Array(FIELD_COUNT);
  for (let f = 0; f < FIELD_COUNT; f++) {
    const b = ranking.fieldLengthNorm[f] as number;
    const average = (stats.averageLengths[f] ?? 0) > 0 ? (stats.averageLengths[f] as number) : 1;
    base[f] = 1 - b;
    slope[f] = b / average;
  }

  const accumulated = borrowAccumulator(table.maxId + 1);
  let touchedCount = 0;
  // True while a variant of several slots has scores in `slotScores` (cleared if it throws).
  let scratchInUse = false;
  /**
   * Adds the weighted frequencies of postings from..to of a list, times `scale`, to their
   * documents' sums in `accumulated` (noting each document's first sum in `touched`). Runs once
   * per posting visited: written out here, without a callback per posting.
   */
  const weighList = (list: DecodedPostings, from: number, to: number, scale: number) => {
    const ids = list.ids;
    const tf = list.tf;
    for (let i = from; i < to; i++) {
      const id = ids[i] as number;
      const at = i * FIELD_COUNT;
      const lengthAt = id * FIELD_COUNT;
      let weighted = 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const freq = tf[at + f] as number;
        if (freq === 0) continue;
        weighted +=
          ((weights[f] as number) * freq) /
          ((base[f] as number) + (slope[f] as number) * (lengths[lengthAt + f] as number));
      }
      const sum = accumulated[id] as number;
      if (sum === 0) touched[touchedCount++] = id;
      accumulated[id] = sum + weighted * scale;
    }
  };

  /**
   * Weighs the postings of a term's lists, inside the ranges when there are ranges. A list
   * shorter than the ranges is walked alongside them; a longer one is searched for each range.
   * Either way the same postings are visited, in the same order.
   */
  const weighTerm = (termId: number, scale: number) => {
    for (const list of lists.get(termId) ?? []) {
      if (ranges === undefined) {
        weighList(list, 0, list.count, scale);
        continue;
      }
      if (list.count * 2 <= ranges.length) {
        const ids = list.ids;
        let r = 0;
        for (let i = 0; i < list.count; i++) {
          const id = ids[i] as number;
          while (r < ranges.length && (ranges[r + 1] as number) < id) r += 2;
          if (r >= ranges.length) break;
          if (id >= (ranges[r] as number)) weighList(list, i, i + 1, scale);
        }
        continue;
      }
      let at = 0;
      for (let r = 0; r < ranges.length && at < list.count; r += 2) {
        const from = lowerBound(list.ids, at, list.count, ranges[r] as number);
        if (from >= list.count) break;
        let to = from;
        const last = ranges[r + 1] as number;
        while (to < list.count && (list.ids[to] as number) <= last) to++;
        if (to > from) weighList(list, from, to, scale);
        at = to;
      }
    }
  };

  /**
   * Scores every document holding any of the slot's terms, and returns how many: the k-th is
   * `touched[k]`, its score `slotOut[k]` (read before the next weighing). The terms'
   * weighted frequencies are added up before BM25 saturation (like one term with synonyms), so
   * a section full of `raise`, `raised` and `raises` beats one with a single `range`; every
   * alternative shares the slot's inverse document frequency (its most common alternative's),
   * so a rare misspelling or completion cannot outweigh the common word.
   */
  const scoreSlot = (slot: PlannedSlot): number => {
    const slotIdf = idf(slot.df, stats.documents);
    const factor = slotIdf * (k1 + 1);
    // A word the index holds on a few pages, as typed, is searched with its much more common
    // spellings too (see planQuery); a page saying the word itself scores at least what the word
    // alone, with its own inverse document frequency, would give it, so sixty pages saying `more`
    // do not bury the one glossary saying `moire`. Not for a word still being typed.
    let exactScores: Map<number, number> | undefined;
    if (slot.terms.length > 1 && !slot.terms.some((t) => t.how === 'prefix')) {
      const exact = slot.terms.find((t) => t.how === 'exact');
      if (exact !== undefined && exact.df < slot.df && exact.df <= RARE_WORD_PAGES) {
        const exactFactor = idf(exact.df, stats.documents) * (k1 + 1);
        weighTerm(exact.termId, exact.weight);
        exactScores = new Map();
        for (let k = 0; k < touchedCount; k++) {
          const id = touched[k] as number;
          const weighted = accumulated[id] as number;
          accumulated[id] = 0;
          exactScores.set(id, (exactFactor * weighted) / (k1 + weighted));
        }
        touchedCount = 0;
      }
    }
    // A section holding only other forms of the word as typed (`return` for `returning`, a SQL
    // clause of its own) keeps `otherFormsShare` of its score: summed before saturation, many of
    // them scored as high as the word itself. Its plural or singular counts as the word. Those
    // terms are weighed last, so the sections they alone reach are the last ones `touched`.
    const typed = slot.terms.find((t) => t.how === 'exact');
    const otherForm = (t: PlannedTerm) =>
      typed !== undefined && t.how === 'stem' && !singularAndPlural(t.term, typed.term);
    const terms =
      ranking.otherFormsShare < 1 && slot.terms.some(otherForm)
        ? [...slot.terms.filter((t) => !otherForm(t)), ...slot.terms.filter(otherForm)]
        : slot.terms;
    let firstOtherForm = Infinity;
    for (const term of terms) {
      if (firstOtherForm === Infinity && otherForm(term)) firstOtherForm = touchedCount;
      // A completion rarer than the slot's common words says more about the page, within limits;
      // not when the word as typed is in the index (it is more likely finished than cut short).
      const ratio =
        term.how === 'prefix' && slot.exactDf === 0
          ? Math.min(MAX_COMPLETION_BOOST, idf(term.df, stats.documents) / slotIdf)
          : 1;
      weighTerm(term.termId, term.weight * ratio);
    }
    const visited = touchedCount;
    touchedCount = 0;
    if (slotOut.length < visited) slotOut = new Float64Array(Math.max(visited, 2 * slotOut.length));
    for (let k = 0; k < visited; k++) {
      const id = touched[k] as number;
      const weighted = accumulated[id] as number;
      accumulated[id] = 0;
      const share = k < firstOtherForm ? 1 : ranking.otherFormsShare;
      const score = (share * factor * weighted) / (k1 + weighted);
      slotOut[k] = exactScores === undefined ? score : Math.max(score, exactScores.get(id) ?? 0);
    }
    return visited;
  };

  try {
    groups.forEach((group, g) => {
      if (group.stopWord) return;
      // Whether some section holds the word whole (the first variant; see wordVariants).
      let wholeMatched = false;
      for (const variant of group.variants) {
        if (variant.slots.some((slot) => slot.terms.length === 0)) continue;
        if (variant.slots.length === 1) {
          const weight = variant.weight;
          const reached = scoreSlot(variant.slots[0] as PlannedSlot);
          if (reached > 0) wholeMatched = true;
          for (let k = 0; k < reached; k++) {
            result.raise(result.slot(touched[k] as number), g, (slotOut[k] as number) * weight);
          }
          continue;
        }
        // Each document's best score of the slot weighed (`best`) is added to what the slots
        // before gave it (`combined`), in the order this slot reached the documents.
        if (slotScores.combined.length < table.maxId + 1) {
          slotScores.combined = new Float64Array(table.maxId + 1);
          slotScores.best = new Float64Array(table.maxId + 1);
        }
        let combined = slotScores.combined;
        let best = slotScores.best;
        let ids: number[] = [];
        scratchInUse = true;
        for (let s = 0; s < variant.slots.length; s++) {
          const first = s === 0;
          const held = combined;
          const into = best;
          const reached: number[] = [];
          const count = scoreSlot(variant.slots[s] as PlannedSlot);
          for (let k = 0; k < count; k++) {
            const id = touched[k] as number;
            if (!first && (held[id] as number) === 0) continue;
            const score = slotOut[k] as number;
            const was = into[id] as number;
            if (score <= was) continue;
            if (was === 0) reached.push(id);
            into[id] = score;
          }
          if (!first)
            for (const id of reached) into[id] = (into[id] as number) + (held[id] as number);
          for (const id of ids) held[id] = 0;
          combined = into;
          best = held;
          ids = reached;
          if (ids.length === 0) break;
        }
        slotScores.combined = combined;
        slotScores.best = best;
        const scale = variant.weight / Math.sqrt(variant.slots.length);
        // A variant of n slots sums n BM25 scores; dividing by √n keeps it comparable to one word.
        if (variant.camelParts !== true || !wholeMatched) {
          for (const id of ids) {
            result.raise(result.slot(id), g, (combined[id] as number) * scale);
            combined[id] = 0;
          }
          scratchInUse = false;
          continue;
        }
        // A camelCase name's parts in a section that does not hold it whole, where others do, are
        // likelier another name made of the same words (`MutableFloat`'s `intValue()` for
        // `MutableInt floatValue`): so far only the whole word's variant has scored the group.
        // Where the section holds the name as typed, its parts say no more: elsewhere in it they
        // belong to other names (`back_mut` under the title `CursorMut`, for `CursorMut back`).
        // A name known only by its misspellings keeps its parts' say (`EnabelControlFlowGuard`).
        const scattered = scale * ranking.scatteredPartsWeight;
        const typed = (group.variants[0]?.slots[0]?.exactDf ?? 0) > 0;
        for (const id of ids) {
          const score = combined[id] as number;
          combined[id] = 0;
          const k = result.slot(id);
          const whole = (result.scores[k * result.groups + g] as number) > 0;
          if (!whole) result.raise(k, g, score * scattered);
          else if (!typed) result.raise(k, g, score * scale);
        }
        scratchInUse = false;
      }
    });
  } finally {
    returnAccumulator(accumulated);
    if (scratchInUse) {
      slotScores.combined.fill(0);
      slotScores.best.fill(0);
    }
  }
  return result;
}

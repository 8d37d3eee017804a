import { performance } from 'node:perf_hooks';
import type { DocSetChange, WriteOptions } from '../SearchEngine';
import type { PageRecord } from './analysePage';
import { FIELD_COUNT } from './fields';
import { IndexAbortError } from './IndexStore';
import { PostingList, PostingLists, encodePostings } from './postings';
import { VarintReader, VarintWriter } from './varint';

/**
 * The write logic both stores share: reading the pages of a change in batches, collecting the
 * posting changes of a write and merging them into stored posting lists, and keeping the
 * length totals. A store only reads and writes rows.
 */

/** Pages of a change: a list, or a stream (pages parsed elsewhere, delivered as they are ready). */
export type PageSource = DocSetChange['upserts'];

/**
 * Postings collected before they are merged into the stored lists. Past this many, a store
 * flushes them inside the same transaction, so memory stays bounded whatever the doc set size.
 */
export const POSTINGS_PER_FLUSH = 4_000_000;

/** Number of pages in a source when known up front (a list), undefined for a stream. */
export function knownPageCount(source: PageSource): number | undefined {
  return isList(source) ? source.length : undefined;
}

function isList(source: PageSource): source is readonly PageRecord[] {
  return Array.isArray(source);
}

/**
 * The pages of a source in batches of at most `size`, read lazily from a stream. A page listed
 * twice in one batch is written once, from its last record, as two changes would leave it (a
 * store writing a batch drops the earlier record of a page listed again in a later batch).
 */
export async function* pageBatches(
  source: PageSource,
  size: number,
): AsyncGenerator<PageRecord[], void, undefined> {
  if (isList(source)) {
    for (let at = 0; at < source.length; at += size) {
      yield lastOfEachPath(source.slice(at, at + size));
    }
    return;
  }
  let batch: PageRecord[] = [];
  for await (const page of source) {
    batch.push(page);
    if (batch.length >= size) {
      yield lastOfEachPath(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield lastOfEachPath(batch);
}

/** `batch` with each page path once, at its last record (the batch itself when none repeats). */
function lastOfEachPath(batch: PageRecord[]): PageRecord[] {
  const last = new Map<string, number>();
  batch.forEach((record, at) => last.set(record.path, at));
  if (last.size === batch.length) return batch;
  return batch.filter((record, at) => last.get(record.path) === at);
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Milliseconds a write works between two yields to the event loop, at most (one page may take
 * longer): splitting pages into terms (analysisOf) can take tens of milliseconds for a batch.
 */
const STEP_MS = 10;

/**
 * Progress of one write: counts pages, reports them, yields to the event loop so a server stays
 * responsive, and throws {@link IndexAbortError} once the signal fired.
 */
export class WriteSteps {
  done = 0;
  private readonly known: number | undefined;
  private lastYield = performance.now();

  constructor(
    change: DocSetChange,
    private readonly options: WriteOptions,
  ) {
    const pages = knownPageCount(change.upserts);
    this.known = pages === undefined ? undefined : pages + change.removals.length;
  }

  /** Pages to write: known for a list; for a stream, the pages received so far. */
  get total(): number {
    return this.known ?? this.done;
  }

  async checkpoint(): Promise<void> {
    const { signal, onProgress } = this.options;
    if (signal?.aborted) throw new IndexAbortError('indexing aborted');
    onProgress?.({ done: this.done, total: this.total });
    await yieldToEventLoop();
    this.lastYield = performance.now();
    if (signal?.aborted) throw new IndexAbortError('indexing aborted');
  }

  /** A {@link checkpoint} once this thread has worked {@link STEP_MS} since the last one. */
  async pause(): Promise<void> {
    if (performance.now() - this.lastYield >= STEP_MS) await this.checkpoint();
  }
}

function addLengths(sums: number[], lengths: ArrayLike<number>, at: number, sign: number): void {
  for (let f = 0; f < FIELD_COUNT; f++) sums[f] = (sums[f] ?? 0) + sign * (lengths[at + f] ?? 0);
}

/** Field length sums and page and section counts a write adds to its doc set. */
export class LengthTotals {
  readonly sectionLengths = new Array<number>(FIELD_COUNT).fill(0);
  readonly pageLengths = new Array<number>(FIELD_COUNT).fill(0);
  sectionDelta = 0;
  pageDelta = 0;

  /** Counts a section in (sign 1) or out (sign -1); its lengths are read at `at`. */
  section(lengths: ArrayLike<number>, sign: 1 | -1, at = 0): void {
    addLengths(this.sectionLengths, lengths, at, sign);
    this.sectionDelta += sign;
  }

  /** Counts a page in (sign 1) or out (sign -1); its lengths are read at `at`. */
  page(lengths: ArrayLike<number>, sign: 1 | -1, at = 0): void {
    addLengths(this.pageLengths, lengths, at, sign);
    this.pageDelta += sign;
  }
}

/**
 * What becomes of one stored posting list: written whole (`put`), extended by postings encoded
 * to follow its last one (`append`: the store concatenates, `df` is the new total), or deleted
 * when it is left empty.
 */
export type PostingWrite =
  | { kind: 'put'; df: number; data: Uint8Array }
  | { kind: 'append'; df: number; data: Uint8Array }
  | { kind: 'delete' };

/** The term's stored list is unknown to the write: it must be read before a merge. */
const UNKNOWN = -1;
/** The term has no stored list. */
const ABSENT = -2;

/**
 * Postings removed and added for one kind of document (sections or pages) during a write.
 * It remembers the end of every list it wrote (last id and count), so a later flush of the same
 * write appends new postings without reading the list back: a build flushes many times.
 */
export class PostingChanges {
  private removed = new Map<number, Set<number>>();
  private removedCount = 0;
  /** The postings added, in one list per term. */
  private readonly added = new PostingLists();
  private readonly list = new PostingList();
  /** Per term: last id of its stored list, or UNKNOWN or ABSENT. */
  private readonly tail: number[] = [];
  /** Per term with a known tail: postings in its stored list. */
  private readonly storedDf: number[] = [];

  /** `startsEmpty`: the doc set has no stored postings yet (a first build). */
  constructor(private readonly startsEmpty = false) {}

  remove(termId: number, docId: number): void {
    let set = this.removed.get(termId);
    if (set === undefined) this.removed.set(termId, (set = new Set()));
    set.add(docId);
    this.removedCount++;
  }

  /** Adds a posting whose frequencies are read from `tf` at `at`; ids of a term must grow. */
  add(termId: number, docId: number, tf: ArrayLike<number>, at = 0): void {
    this.added.add(termId, docId, tf, at);
  }

  /** Postings (added or removed) held in memory. */
  get size(): number {
    return this.added.size + this.removedCount;
  }

  /** Terms whose lists change. */
  terms(): number[] {
    const out = [...this.added.lists()];
    for (const termId of this.removed.keys()) if (this.added.count(termId) === 0) out.push(termId);
    return out;
  }

  private tailOf(termId: number): number {
    return this.tail[termId] ?? (this.startsEmpty ? ABSENT : UNKNOWN);
  }

  private remember(termId: number, last: number, df: number): void {
    while (this.tail.length <= termId) {
      this.tail.push(this.startsEmpty ? ABSENT : UNKNOWN);
      this.storedDf.push(0);
    }
    this.tail[termId] = last;
    this.storedDf[termId] = df;
  }

  /** Whether {@link merge} needs the term's stored list (else it is given undefined). */
  needsStored(termId: number): boolean {
    const tail = this.tailOf(termId);
    return tail === UNKNOWN || (tail !== ABSENT && this.removed.has(termId));
  }

  /**
   * What to write for a term, from its stored list when {@link needsStored} (undefined when
   * it has none). Returns 'unchanged' when the term is not part of this write.
   */
  merge(termId: number, stored: Uint8Array | undefined): PostingWrite | 'unchanged' {
    const freshCount = this.added.count(termId);
    const gone = this.removed.get(termId);
    if (freshCount === 0 && gone === undefined) return 'unchanged';
    const tail = this.tailOf(termId);
    const last = this.added.last(termId);
    if (freshCount > 0 && gone === undefined) {
      if (tail === ABSENT || (tail === UNKNOWN && stored === undefined)) {
        // A new term for this doc set (every term of a first build): the appended blob is final.
        this.remember(termId, last, freshCount);
        return { kind: 'put', df: freshCount, data: this.added.finish(termId) };
      }
      if (tail !== UNKNOWN) {
        // New ids are larger than all stored ones: the new postings go after the list's end.
        const df = (this.storedDf[termId] ?? 0) + freshCount;
        this.remember(termId, last, df);
        return { kind: 'append', df, data: rebased(this.added.finish(termId), tail) };
      }
    }
    const list = this.list;
    list.reset();
    if (stored !== undefined) list.append(stored);
    // New ids are larger than all existing ones, so appending keeps the list sorted.
    if (freshCount > 0) list.append(this.added.finish(termId));
    let postings = list.toArray();
    if (gone !== undefined) postings = postings.filter((p) => !gone.has(p.sectionId));
    const end = postings.at(-1);
    if (end === undefined) {
      this.remember(termId, ABSENT, 0);
      return { kind: 'delete' };
    }
    this.remember(termId, end.sectionId, postings.length);
    return { kind: 'put', df: postings.length, data: encodePostings(postings) };
  }

  /** Forgets the changes held (after they were merged into the stored lists). */
  clear(): void {
    this.removed = new Map();
    this.removedCount = 0;
    this.added.clear();
  }
}

/**
 * Encoded postings whose first id gap counts from `after` instead of 0, so they can follow a
 * list that ends with id `after`.
 */
function rebased(blob: Uint8Array, after: number): Uint8Array {
  const reader = new VarintReader(blob);
  const first = reader.read();
  const head = new VarintWriter(8);
  head.write(first - after);
  const start = head.finish();
  const out = new Uint8Array(start.length + blob.length - reader.offset);
  out.set(start);
  out.set(blob.subarray(reader.offset), start.length);
  return out;
}

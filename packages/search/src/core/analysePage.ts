import type { ExtractedSection } from '../indexer/extractSections';
import { eachTitleToken } from '../text/sectionLabel';
import { eachToken } from '../text/tokenize';
import { definitionTermsOf } from '../indexer/definitionTerms';
import { readHeading, sectionHeading, type HeadingReading } from './entryHeading';
import { FIELD_COUNT } from './fields';

/** Field the names a section defines count in, like its heading (see definitionTermsOf). */
const HEADING_FIELD = 1;

/** A page ready for the index: what the indexer extracted plus the hash it was read at. */
export interface PageRecord {
  /** Page path relative to the doc-set root, with a leading slash. */
  path: string;
  /** Page title. */
  title: string;
  /** Breadcrumb trail. */
  breadcrumb: string[];
  /** Content hash (file bytes, breadcrumb, indexer version); decides whether to re-index. */
  hash: string;
  /** Sections in document order. */
  sections: ExtractedSection[];
  /**
   * The page split into terms, when it was done already (by a parse worker): must be what
   * {@link analysePacked} gives for this record. Stores compute it when it is missing.
   */
  analysis?: PageAnalysis;
}

/**
 * A page split into terms in a compact form a parse worker can transfer without copying: the
 * page's distinct terms in order of first appearance, and every number the write planner needs
 * in one Int32Array (read it with {@link AnalysisCursor}). Layout of `data`:
 *
 * - page word count per field (FIELD_COUNT), section count, offset of the page frequencies;
 * - per section: word count per field (FIELD_COUNT); per field the token count and per token
 *   (term, position); the count of distinct terms and per term (term, frequency per field);
 * - per page term, in `terms` order: its page-level frequency per field (FIELD_COUNT).
 *
 * Terms are indexes into `terms`.
 */
export interface PageAnalysis {
  /** Distinct terms of the page, in order of first appearance. */
  terms: string[];
  /** The numbers, laid out as above. */
  data: Int32Array;
}

/** One section split into terms: what a store writes into its postings and token blobs. */
export interface AnalysedSection {
  /** Heading text. */
  heading: string;
  /** Anchor. */
  anchor: string;
  /** Plain text (for snippets). */
  text: string;
  /** Word count per field (title, heading, breadcrumb, text). */
  lengths: number[];
  /** Tokens per field, in order. */
  fields: Array<Array<{ term: string; position: number }>>;
  /** Term → frequency per field. */
  frequencies: Map<string, number[]>;
}

/** A page split into terms: its sections, and page-level counts over all of them. */
export interface AnalysedPage {
  /** Sections in order. */
  sections: AnalysedSection[];
  /** Page word count per field: title and breadcrumb once, headings and text summed. */
  lengths: number[];
  /** Term → page-level frequency per field. */
  frequencies: Map<string, number[]>;
}

/** Offset of the page frequencies' offset in the data; sections start after it. */
const PAGE_TF_AT = FIELD_COUNT + 1;
const SECTIONS_AT = FIELD_COUNT + 2;

/** A growable Int32Array, reused from page to page (its contents are copied out). */
class IntBuffer {
  data = new Int32Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = value;
  }

  /** Reserves `count` zeroed slots and returns the offset of the first. */
  reserve(count: number): number {
    while (this.length + count > this.data.length) this.grow();
    const at = this.length;
    this.data.fill(0, at, at + count);
    this.length += count;
    return at;
  }

  private grow(): void {
    const bigger = new Int32Array(this.data.length * 2);
    bigger.set(this.data);
    this.data = bigger;
  }
}

/** Growable per-term numbers, indexed by the page's term numbers. */
function grown(array: Int32Array, size: number): Int32Array {
  if (size <= array.length) return array;
  const bigger = new Int32Array(Math.max(size, array.length * 2));
  bigger.set(array);
  return bigger;
}

/**
 * Splits pages into terms (see {@link analysePacked}); one per thread, reused from page to
 * page so its buffers are allocated once. Not re-entrant.
 */
class PageAnalyser {
  private readonly out = new IntBuffer();
  private terms: string[] = [];
  private local = new Map<string, number>();
  /** Per page term: its page frequency per field. */
  private pageTf: number[] = [];
  /** Per page term: the section it was last counted in, and its slot in that section's counts. */
  private seenIn: Int32Array = new Int32Array(1024);
  private slotOf: Int32Array = new Int32Array(1024);
  /** The current section's terms, in order of first appearance, and their frequencies. */
  private readonly sectionTerms: number[] = [];
  private readonly sectionTf: number[] = [];
  private section = 0;
  private field = 0;
  private tokens = 0;
  private words = 0;
  /** Title and breadcrumb tokens of the page: terms, and (position, joined) pairs. */
  private readonly title = { terms: [] as string[], numbers: [] as number[] };
  private readonly crumb = { terms: [] as string[], numbers: [] as number[] };
  private keep: { terms: string[]; numbers: number[] } | null = null;

  /** Receives the tokens of a field (made once: the tokenizer calls it for every token). */
  private readonly visit = (
    term: string,
    position: number,
    _start: number,
    _end: number,
    joined: boolean,
  ) => {
    if (this.keep !== null) {
      this.keep.terms.push(term);
      this.keep.numbers.push(position, joined ? 1 : 0);
      return;
    }
    this.token(this.idOf(term), position, joined);
  };

  analyse(record: Pick<PageRecord, 'title' | 'breadcrumb' | 'sections'>): PageAnalysis {
    const out = this.out;
    out.length = 0;
    this.terms = [];
    this.local = new Map();
    this.pageTf = [];
    // Title and breadcrumb are the same in every section: split once.
    for (const kept of [this.title, this.crumb]) {
      kept.terms.length = 0;
      kept.numbers.length = 0;
    }
    this.keep = this.title;
    // A section label ("6.16. " of "6.16. Rotation") is no word of its own (see eachTitleToken).
    eachTitleToken(record.title, this.visit);
    this.keep = this.crumb;
    eachToken(record.breadcrumb.join(' \u203a '), this.visit);
    this.keep = null;
    const pageLengths = new Array<number>(FIELD_COUNT).fill(0);
    out.reserve(SECTIONS_AT);
    out.data[FIELD_COUNT] = record.sections.length;
    record.sections.forEach((section, index) => {
      this.section = index;
      this.sectionTerms.length = 0;
      this.sectionTf.length = 0;
      const lengthsAt = out.reserve(FIELD_COUNT);
      const heading = readHeading(sectionHeading(section, record.title), section.definitions?.[0]);
      for (let f = 0; f < FIELD_COUNT; f++) {
        this.field = f;
        this.tokens = 0;
        this.words = 0;
        const countAt = out.reserve(1);
        if (f === 0 || f === 2) {
          const { terms, numbers } = f === 0 ? this.title : this.crumb;
          for (let k = 0; k < terms.length; k++) {
            const id = this.idOf(terms[k] as string);
            this.token(id, numbers[2 * k] as number, numbers[2 * k + 1] === 1);
          }
        } else {
          if (f === 1) this.heading(heading);
          else if (heading.aside === '') eachToken(section.text, this.visit);
          else eachToken(`${heading.aside} ${section.text}`, this.visit);
        }
        out.data[countAt] = this.tokens;
        out.data[lengthsAt + f] = this.words;
        // Title and breadcrumb repeat in every section: count them once for the page.
        if (index === 0 || (f !== 0 && f !== 2)) {
          pageLengths[f] = (pageLengths[f] as number) + this.words;
        }
      }
      for (const term of definitionTermsOf(section)) this.count(this.idOf(term), HEADING_FIELD);
      const sectionTerms = this.sectionTerms;
      const sectionTf = this.sectionTf;
      const pageTf = this.pageTf;
      out.push(sectionTerms.length);
      for (let slot = 0; slot < sectionTerms.length; slot++) {
        const id = sectionTerms[slot] as number;
        out.push(id);
        for (let f = 0; f < FIELD_COUNT; f++) {
          const tf = sectionTf[slot * FIELD_COUNT + f] as number;
          out.push(tf);
          if (index === 0 || (f !== 0 && f !== 2)) {
            pageTf[id * FIELD_COUNT + f] = (pageTf[id * FIELD_COUNT + f] as number) + tf;
          }
        }
      }
    });
    pageLengths.forEach((length, f) => (out.data[f] = length));
    out.data[PAGE_TF_AT] = out.length;
    for (const tf of this.pageTf) out.push(tf);
    return { terms: this.terms, data: out.data.slice(0, out.length) };
  }

  /**
   * Splits a heading as read (see readHeading): its names at the same positions, in order of
   * position, each term once per position, its qualifiers whole at its first.
   */
  private heading(reading: HeadingReading): void {
    const { names, qualifiers } = reading;
    if (names.length === 1 && qualifiers.length === 0) {
      eachTitleToken(names[0] as string, this.visit);
      return;
    }
    const tokens: Array<{ term: string; position: number; joined: boolean }> = qualifiers.map(
      (term) => ({ term, position: 0, joined: true }),
    );
    for (const name of names) {
      eachTitleToken(name, (term, position, _start, _end, joined) => {
        tokens.push({ term, position, joined });
      });
    }
    // Stable: the qualifiers, then each name's terms, at each position.
    tokens.sort((a, b) => a.position - b.position);
    const seen = new Set<string>();
    for (const { term, position, joined } of tokens) {
      const key = `${position} ${term}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.token(this.idOf(term), position, joined);
    }
  }

  private idOf(term: string): number {
    let id = this.local.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.local.set(term, id);
      for (let f = 0; f < FIELD_COUNT; f++) this.pageTf.push(0);
      this.seenIn = grown(this.seenIn, id + 1);
      this.slotOf = grown(this.slotOf, id + 1);
      this.seenIn[id] = -1;
    }
    return id;
  }

  private token(id: number, position: number, joined: boolean): void {
    const out = this.out;
    out.push(id);
    out.push(position);
    this.tokens++;
    if (!joined) this.words++;
    this.count(id, this.field);
  }

  private count(id: number, field: number): void {
    let slot = this.slotOf[id] as number;
    if (this.seenIn[id] !== this.section) {
      this.seenIn[id] = this.section;
      this.slotOf[id] = slot = this.sectionTerms.length;
      this.sectionTerms.push(id);
      for (let f = 0; f < FIELD_COUNT; f++) this.sectionTf.push(0);
    }
    const at = slot * FIELD_COUNT + field;
    this.sectionTf[at] = (this.sectionTf[at] as number) + 1;
  }
}

const analyser = new PageAnalyser();

/**
 * Splits every field of every section of a page into terms and counts them, per section and for
 * the page: the page-level postings find candidate pages, the section-level ones rank the
 * sections of the best pages. Title and breadcrumb are in every section and count once for the
 * page. Runs in the parse workers; the result is plain numbers and strings.
 */
export function analysePacked(
  record: Pick<PageRecord, 'title' | 'breadcrumb' | 'sections'>,
): PageAnalysis {
  return analyser.analyse(record);
}

/**
 * The analysis of a record: the one it carries, else computed now. A carried analysis must
 * have the record's section count and a consistent layout (a cheap check against one taken
 * from another page); otherwise this throws rather than write a wrong index.
 */
export function analysisOf(record: PageRecord): PageAnalysis {
  const analysis = record.analysis;
  if (analysis === undefined) return analysePacked(record);
  const { data, terms } = analysis;
  const pageTfAt = data[PAGE_TF_AT] ?? -1;
  if (
    data[FIELD_COUNT] !== record.sections.length ||
    pageTfAt < SECTIONS_AT ||
    pageTfAt + terms.length * FIELD_COUNT !== data.length
  ) {
    throw new Error(`the analysis given with page ${record.path} does not match it`);
  }
  return analysis;
}

/**
 * Reads a {@link PageAnalysis}: page-level numbers first (the page word counts are at offset 0), then one section at a time with
 * {@link nextSection}. Numbers are read from `data` at the offsets it exposes, so nothing is
 * copied.
 */
export class AnalysisCursor {
  readonly terms: readonly string[];
  readonly data: Int32Array;
  /** Sections of the page. */
  readonly sectionCount: number;
  /** Offset of the page frequencies: term i's frequency in field f is at `pageTfAt + i * FIELD_COUNT + f`. */
  readonly pageTfAt: number;
  /** Offset of the current section's word counts (FIELD_COUNT of them). */
  lengthsAt = 0;
  /** Offset of the current section's tokens: per field a count, then (term, position) pairs. */
  tokensAt = 0;
  /** Offset of the current section's first (term, frequencies) entry. */
  frequenciesAt = 0;
  /** Distinct terms of the current section. */
  frequencyCount = 0;
  private next = SECTIONS_AT;

  constructor(analysis: PageAnalysis) {
    this.terms = analysis.terms;
    this.data = analysis.data;
    this.sectionCount = this.data[FIELD_COUNT] as number;
    this.pageTfAt = this.data[PAGE_TF_AT] as number;
  }

  /**
   * The store's ids of the page's terms, in the order of {@link terms}. A plain loop:
   * `Int32Array.from` with a mapping function takes V8's generic path (the list copied through an
   * iterator, then a property read per term), 7 % of the instructions of writing the PostgreSQL
   * manual into a new SQLite index (callgrind).
   */
  termIds(idOf: (term: string) => number): Int32Array {
    const ids = new Int32Array(this.terms.length);
    for (let i = 0; i < ids.length; i++) ids[i] = idOf(this.terms[i] as string);
    return ids;
  }

  /** Moves to the next section (call it once before the first). */
  nextSection(): void {
    const data = this.data;
    let at = this.next;
    this.lengthsAt = at;
    at += FIELD_COUNT;
    this.tokensAt = at;
    for (let f = 0; f < FIELD_COUNT; f++) at += 1 + 2 * (data[at] as number);
    this.frequencyCount = data[at] as number;
    this.frequenciesAt = at + 1;
    this.next = this.frequenciesAt + this.frequencyCount * (1 + FIELD_COUNT);
  }
}

const numbersAt = (data: Int32Array, at: number): number[] =>
  Array.from(data.subarray(at, at + FIELD_COUNT));

/**
 * The analysis of a page as objects (terms by name): for tests and for reading; stores read
 * the compact form.
 */
export function analysePage(record: PageRecord): AnalysedPage {
  const cursor = new AnalysisCursor(analysisOf(record));
  const { data, terms } = cursor;
  const term = (id: number) => terms[id] as string;
  const sections: AnalysedSection[] = record.sections.map((section) => {
    cursor.nextSection();
    const fields: AnalysedSection['fields'] = [];
    let at = cursor.tokensAt;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const tokens: Array<{ term: string; position: number }> = [];
      const count = data[at++] as number;
      for (let k = 0; k < count; k++, at += 2) {
        tokens.push({ term: term(data[at] as number), position: data[at + 1] as number });
      }
      fields.push(tokens);
    }
    const frequencies = new Map<string, number[]>();
    for (let k = 0; k < cursor.frequencyCount; k++) {
      const entry = cursor.frequenciesAt + k * (1 + FIELD_COUNT);
      frequencies.set(term(data[entry] as number), numbersAt(data, entry + 1));
    }
    return {
      heading: section.heading,
      anchor: section.anchor,
      text: section.text,
      lengths: numbersAt(data, cursor.lengthsAt),
      fields,
      frequencies,
    };
  });
  const frequencies = new Map<string, number[]>();
  terms.forEach((name, id) =>
    frequencies.set(name, numbersAt(data, cursor.pageTfAt + id * FIELD_COUNT)),
  );
  return { sections, lengths: numbersAt(data, 0), frequencies };
}

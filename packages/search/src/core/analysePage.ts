import type { ExtractedSection } from '../indexer/extractSections';
import { countPositions, tokenizeText, type TextToken } from '../text/tokenize';
import { definitionTermsOf } from '../indexer/definitionTerms';
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

function fieldTokens(text: string): TextToken[] {
  return tokenizeText(text);
}

function countTerm(frequencies: Map<string, number[]>, term: string, field: number): void {
  let tf = frequencies.get(term);
  if (tf === undefined) {
    tf = new Array<number>(FIELD_COUNT).fill(0);
    frequencies.set(term, tf);
  }
  tf[field] = (tf[field] ?? 0) + 1;
}

/** Splits every field of a section into terms and counts them. */
export function analyseSection(
  page: { title: string; breadcrumb: string[] },
  section: ExtractedSection,
): AnalysedSection {
  const sources = [page.title, section.heading, page.breadcrumb.join(' \u203a '), section.text];
  const fields: Array<Array<{ term: string; position: number }>> = [];
  const lengths: number[] = [];
  const frequencies = new Map<string, number[]>();
  sources.forEach((source, f) => {
    const tokens = fieldTokens(source);
    lengths.push(countPositions(tokens));
    fields.push(tokens.map((token) => ({ term: token.term, position: token.position })));
    for (const token of tokens) countTerm(frequencies, token.term, f);
  });
  for (const term of definitionTermsOf(section)) countTerm(frequencies, term, HEADING_FIELD);
  return {
    heading: section.heading,
    anchor: section.anchor,
    text: section.text,
    lengths,
    fields,
    frequencies,
  };
}

/**
 * Splits every section of a page into terms and adds them up for the page: the page-level
 * postings find candidate pages, the section-level ones rank the sections of the best pages.
 */
export function analysePage(record: PageRecord): AnalysedPage {
  const sections = record.sections.map((section) => analyseSection(record, section));
  const lengths = new Array<number>(FIELD_COUNT).fill(0);
  const frequencies = new Map<string, number[]>();
  sections.forEach((section, index) => {
    for (let f = 0; f < FIELD_COUNT; f++) {
      // Title and breadcrumb repeat in every section: count them once for the page.
      const once = f === 0 || f === 2;
      if (once && index > 0) continue;
      lengths[f] = (lengths[f] ?? 0) + (section.lengths[f] ?? 0);
    }
    for (const [term, tf] of section.frequencies) {
      let total = frequencies.get(term);
      if (total === undefined) {
        total = new Array<number>(FIELD_COUNT).fill(0);
        frequencies.set(term, total);
      }
      for (let f = 0; f < FIELD_COUNT; f++) {
        if ((f === 0 || f === 2) && index > 0) continue;
        total[f] = (total[f] ?? 0) + (tf[f] ?? 0);
      }
    }
  });
  return { sections, lengths, frequencies };
}

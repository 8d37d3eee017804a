import { analysePacked, type PageAnalysis } from '../core/analysePage';
import type { ExtractionRules } from '../indexer/extractionRules';
import {
  type ExtractedPage,
  type ExtractedSection,
  extractSections,
} from '../indexer/extractSections';

/** One page to extract, as sent to a parse worker. */
export interface ExtractTask {
  /** Page path (leading slash). */
  path: string;
  /** The page file's bytes. */
  bytes: Uint8Array;
  /** Trail from the TOC or the page hierarchy, when there is one. */
  breadcrumb?: string[];
}

/** A batch of pages of one doc set, with the doc set's extraction rules. */
export interface ExtractBatch {
  tasks: ExtractTask[];
  rules?: ExtractionRules;
}

/** What a parse worker is asked to do: extract a batch, or read the links of some pages. */
export type WorkerJob =
  { kind: 'extract'; batch: ExtractBatch } | { kind: 'links'; folder: string; paths: string[] };

/**
 * What extraction gave for one page: the page and its sections split into terms (so the thread
 * that writes the index only numbers and stores them), or why it could not be extracted.
 */
export type ExtractOutcome =
  { path: string; page: ExtractedPage; analysis: PageAnalysis } | { path: string; error: string };

/** The sections of a page that go into the index: none when the page is not indexable. */
export function indexedSections(page: ExtractedPage): ExtractedSection[] {
  return page.indexable ? page.sections : [];
}

/** The buffers of a batch's results, which a worker hands over instead of copying. */
export function transferablesOf(outcomes: readonly ExtractOutcome[]): ArrayBuffer[] {
  return outcomes.flatMap((outcome) =>
    'analysis' in outcome ? [outcome.analysis.data.buffer as ArrayBuffer] : [],
  );
}

/**
 * Extracts every page of a batch and splits it into terms; a page that throws gives its error message and the others go
 * on. The same function runs in a parse worker and in the calling thread, so both give the same
 * records.
 */
export function extractBatch(batch: ExtractBatch): ExtractOutcome[] {
  return batch.tasks.map(({ path, bytes, breadcrumb }) => {
    try {
      const page = extractSections(bytes, {
        path,
        ...(breadcrumb === undefined ? {} : { breadcrumb }),
        ...(batch.rules === undefined ? {} : { rules: batch.rules }),
      });
      const analysis = analysePacked({
        title: page.title,
        breadcrumb: page.breadcrumb,
        sections: indexedSections(page),
      });
      return { path, page, analysis };
    } catch (error) {
      return { path, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

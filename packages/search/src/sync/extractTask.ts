import type { ExtractionRules } from '../indexer/extractionRules';
import { type ExtractedPage, extractSections } from '../indexer/extractSections';

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

/** What extraction gave for one page: the page, or why it could not be extracted. */
export type ExtractOutcome =
  { path: string; page: ExtractedPage } | { path: string; error: string };

/**
 * Extracts every page of a batch; a page that throws gives its error message and the others go
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
      return { path, page };
    } catch (error) {
      return { path, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analysePacked, type PageAnalysis } from '../core/analysePage';
import type { ExtractionRules } from '../indexer/extractionRules';
import type { Document } from 'domhandler';
import {
  type ExtractedPage,
  type ExtractedSection,
  extractParsedPage,
} from '../indexer/extractSections';
import { parsePageHtml } from '../indexer/pageDom';
import {
  PageHierarchy,
  type PageLinks,
  parsePageAndLinks,
  readPageLinks,
} from '../indexer/readPageTrails';

/**
 * Version of the extraction rules. It is part of every page hash, so changing the indexer
 * (and this number) re-indexes every page on the next run.
 */
export const INDEXER_VERSION = '37';

/**
 * Content hash of a page: its file bytes, breadcrumb, the indexer version and the doc set's
 * extraction-rules key. A page whose hash is the indexed one is not extracted again.
 */
export function pageHash(
  bytes: Uint8Array,
  breadcrumb: string[] | undefined,
  rules: string,
): string {
  const hash = createHash('sha256').update(`search-indexer:${INDEXER_VERSION}\n`);
  // Left out when empty so that doc sets without rules keep the hashes they had before rules.
  if (rules !== '') hash.update(`rules:${rules}\n`);
  return hash
    .update(JSON.stringify(breadcrumb ?? null))
    .update('\n')
    .update(bytes)
    .digest('base64url');
}

/** One page to read and, when it changed, extract, as sent to a parse worker. */
export interface ExtractTask {
  /** Page path (leading slash). */
  path: string;
  /** Trail from the doc set's TOC; without one, the page hierarchy gives it (if any). */
  breadcrumb?: string[];
  /** The page's hash in the index, when it is there: the page is skipped if it did not change. */
  indexedHash?: string;
}

/** A batch of pages of one doc set, with the doc set's folder and extraction rules. */
export interface ExtractBatch {
  /** The doc set's folder. */
  folder: string;
  tasks: ExtractTask[];
  rules?: ExtractionRules;
  /** The rules' key (see extractionRulesKey), part of every page hash. */
  rulesKey: string;
  /** The run's {@link HierarchyJob} that gives the trails of pages the TOC does not have. */
  hierarchy: number;
  /**
   * False: the extracted pages are not split into terms here; the thread that writes the index
   * does it (see analysisOf). Default true.
   */
  analyse?: boolean;
}

/**
 * The pages of a doc set whose trails come from the page hierarchy (those the TOC does not
 * have), sent to a parse worker once before the first batch of the run that needs it.
 */
export interface HierarchyJob {
  kind: 'hierarchy';
  /** Unique in the process: what batches name in `hierarchy`. */
  id: number;
  folder: string;
  pages: string[];
}

/** What a parse worker is told: the hierarchy of a doc set's run, or a batch to extract. */
export type WorkerJob = HierarchyJob | { kind: 'extract'; batch: ExtractBatch };

/**
 * What a parse worker posts once its code has loaded, before it is sent any job: a worker that
 * dies before has failed to start, with no page to blame (see ExtractPool).
 */
export const WORKER_READY = 'ready';

let lastHierarchyId = 0;

/** A new {@link HierarchyJob} for a run over `pages` of the doc set in `folder`. */
export function hierarchyJob(folder: string, pages: string[]): HierarchyJob {
  return { kind: 'hierarchy', id: ++lastHierarchyId, folder, pages };
}

/**
 * What a parse worker keeps between jobs: the hierarchy of the run it works for. A batch
 * answers with its outcomes; a hierarchy job with nothing.
 */
export class WorkerState {
  private hierarchy: { id: number; pages: PageHierarchy } | undefined;

  run(job: WorkerJob): ExtractOutcome[] | undefined {
    if (job.kind === 'hierarchy') {
      this.hierarchy = { id: job.id, pages: new PageHierarchy(job.folder, new Set(job.pages)) };
      return undefined;
    }
    const { hierarchy } = this;
    if (hierarchy?.id !== job.batch.hierarchy) {
      throw new Error(`the parse worker was not given hierarchy ${job.batch.hierarchy}`);
    }
    return extractBatch(job.batch, hierarchy.pages);
  }
}

/**
 * What became of one page: extracted, with its hash and, unless the batch said otherwise, its
 * sections split into terms (so the thread that writes the index only numbers and stores them);
 * unchanged since it was indexed; or not readable (`unreadable`) or not extractable, with the
 * reason.
 */
export type ExtractOutcome =
  | { path: string; hash: string; page: ExtractedPage; analysis?: PageAnalysis }
  | { path: string; unchanged: true }
  | { path: string; error: string; unreadable?: true };

/** The sections of a page that go into the index: none when the page is not indexable. */
export function indexedSections(page: ExtractedPage): ExtractedSection[] {
  return page.indexable ? page.sections : [];
}

/** The buffers of a batch's results, which a worker hands over instead of copying. */
export function transferablesOf(outcomes: readonly ExtractOutcome[]): ArrayBuffer[] {
  return outcomes.flatMap((outcome) =>
    'page' in outcome && outcome.analysis !== undefined
      ? [outcome.analysis.data.buffer as ArrayBuffer]
      : [],
  );
}

/**
 * Reads every page of a batch, and extracts and splits into terms those whose hash changed; a
 * page that cannot be read or throws gives its error message and the others go on. A page the
 * TOC does not place takes its trail from `hierarchy`: a new page is parsed once, for its links
 * and its sections; an indexed one has its links read first, without a DOM, since its hash
 * (which holds the trail) may show it unchanged. The same function runs in a parse worker and
 * in the calling thread, so both give the same records. Files are read synchronously: a worker
 * has nothing else to do meanwhile, and extraction in the calling thread blocks it longer anyway.
 */
export function extractBatch(batch: ExtractBatch, hierarchy: PageHierarchy): ExtractOutcome[] {
  return batch.tasks.map(({ path, breadcrumb: tocTrail, indexedHash }): ExtractOutcome => {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(join(batch.folder, ...path.split('/')));
    } catch (error) {
      return { path, error: (error as Error).message, unreadable: true };
    }
    try {
      let source: string | undefined;
      let root: Document | undefined;
      let breadcrumb = tocTrail;
      if (breadcrumb === undefined) {
        source = new TextDecoder('utf-8').decode(bytes);
        let links: PageLinks;
        if (indexedHash === undefined) {
          ({ root, links } = parsePageAndLinks(source, path));
        } else links = readPageLinks(source, path);
        breadcrumb = hierarchy.trail(path, links);
      }
      const hash = pageHash(bytes, breadcrumb, batch.rulesKey);
      if (hash === indexedHash) return { path, unchanged: true };
      source ??= new TextDecoder('utf-8').decode(bytes);
      const page = extractParsedPage(source, root ?? parsePageHtml(source), {
        path,
        ...(breadcrumb === undefined ? {} : { breadcrumb }),
        ...(batch.rules === undefined ? {} : { rules: batch.rules }),
      });
      if (batch.analyse === false) return { path, hash, page };
      const analysis = analysePacked({
        title: page.title,
        breadcrumb: page.breadcrumb,
        sections: indexedSections(page),
      });
      return { path, hash, page, analysis };
    } catch (error) {
      return { path, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

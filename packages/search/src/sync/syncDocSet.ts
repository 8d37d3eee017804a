import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageRecord } from '../core/analysePage';
import { IndexAbortError } from '../core/IndexStore';
import { extractionRulesKey } from '../indexer/extractionRules';
import { extractSections } from '../indexer/extractSections';
import { readFlareTocBreadcrumbs } from '../indexer/readFlareTocBreadcrumbs';
import { readPageTrails } from '../indexer/readPageTrails';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { listDocSetPages } from './listDocSetPages';

/**
 * Version of the extraction rules. It is part of every page hash, so changing the indexer
 * (and this number) re-indexes every page on the next run.
 */
export const INDEXER_VERSION = '4';

/** Progress of a sync: pages read so far (`phase: 'read'`), then pages written (`'write'`). */
export interface SyncProgress {
  /** Pages done in the current phase. */
  done: number;
  /** Pages in the current phase. */
  total: number;
  /** Pages found changed so far (new, edited or removed). */
  changed: number;
  /** Reading and extracting pages, then writing the index. */
  phase: 'read' | 'write';
}

/** Where problems with pages are reported (a pino logger fits). */
export interface SyncLogger {
  /** Reports a problem that did not stop the run. */
  warn(details: Record<string, unknown>, message: string): void;
}

/** Options of a sync. */
export interface SyncOptions {
  /** Called as pages are read and written. */
  onProgress?(progress: SyncProgress): void;
  /** Stops the run; the previous index stays as it was. */
  signal?: AbortSignal;
  /** Receives page problems (malformed HTML, unreadable files) as they are found. */
  logger?: SyncLogger;
}

/** A problem with one page; the run went on. */
export interface PageWarning {
  /** Page path. */
  path: string;
  /** What was wrong. */
  message: string;
}

/** What a sync did. */
export interface SyncResult {
  /** Pages of the doc set now in the index. */
  pages: number;
  /** Pages added or re-indexed. */
  changed: number;
  /** Pages removed from the index. */
  removed: number;
  /** Duration in milliseconds. */
  ms: number;
  /** Problems met; each was also sent to the logger. */
  warnings: PageWarning[];
}

/** Attempts when another writer changes the same doc set during a run. */
const MAX_ATTEMPTS = 3;

function pageHash(bytes: Uint8Array, breadcrumb: string[] | undefined, rules: string): string {
  const hash = createHash('sha256').update(`search-indexer:${INDEXER_VERSION}\n`);
  // Left out when empty so that doc sets without rules keep the hashes they had before rules.
  if (rules !== '') hash.update(`rules:${rules}\n`);
  return hash
    .update(JSON.stringify(breadcrumb ?? null))
    .update('\n')
    .update(bytes)
    .digest('base64url');
}

/**
 * Brings the index of one doc set up to date with its folder: pages whose content hash
 * (file bytes, breadcrumb, indexer version, the doc set's extraction rules) changed are
 * extracted again, new pages added and vanished ones removed, all in one atomic write. So a
 * changed rule re-extracts every page of its doc set and no page of another. Breadcrumbs come
 * from the breadcrumb rule, else Flare's TOC files, else the hierarchy links of the pages
 * (Sphinx, DocBook), else the folders. A page that cannot be read or parsed is reported and
 * skipped, never fatal.
 */
export async function syncDocSet(
  engine: SearchEngine,
  docSet: DocSetDescriptor,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const started = performance.now();
  const warnings: PageWarning[] = [];
  const warn = (path: string, message: string) => {
    warnings.push({ path, message });
    options.logger?.warn({ docSet: docSet.id, path }, message);
  };
  const paths = await listDocSetPages(docSet.folder);
  const rules = extractionRulesKey(docSet.extract);
  const toc = await readFlareTocBreadcrumbs(docSet.folder);
  for (const problem of toc.problems) warn('/Data', problem);
  const pageTrails = await readPageTrails(
    docSet.folder,
    paths.filter((path) => !toc.byPath.has(path)),
  );

  for (let attempt = 1; ; attempt++) {
    const indexed = await engine.indexedPages(docSet.id);
    const upserts: PageRecord[] = [];
    const present = new Set(paths);
    const removals = [...indexed.hashes.keys()].filter((path) => !present.has(path));
    let done = 0;
    const report = () =>
      options.onProgress?.({
        done,
        total: paths.length,
        changed: upserts.length + removals.length,
        phase: 'read',
      });
    for (const path of paths) {
      if (options.signal?.aborted) throw new IndexAbortError('indexing aborted');
      const breadcrumb = toc.byPath.get(path) ?? pageTrails.get(path);
      let bytes: Uint8Array;
      try {
        bytes = await readFile(join(docSet.folder, ...path.split('/')));
      } catch (error) {
        warn(path, `cannot read the file: ${(error as Error).message}`);
        done++;
        continue;
      }
      const hash = pageHash(bytes, breadcrumb, rules);
      if (indexed.hashes.get(path) !== hash) {
        try {
          const page = extractSections(bytes, {
            path,
            ...(breadcrumb === undefined ? {} : { breadcrumb }),
            ...(docSet.extract === undefined ? {} : { rules: docSet.extract }),
          });
          for (const message of page.warnings) warn(path, message);
          upserts.push({
            path,
            title: page.title,
            breadcrumb: page.breadcrumb,
            hash,
            sections: page.indexable ? page.sections : [],
          });
        } catch (error) {
          warn(path, `cannot extract the page: ${(error as Error).message}`);
        }
      }
      done++;
      report();
    }
    try {
      await engine.applyDocSetChanges(
        { docSet, upserts, removals, basedOn: indexed.revision },
        {
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          onProgress: (p) =>
            options.onProgress?.({
              done: p.done,
              total: p.total,
              changed: upserts.length + removals.length,
              phase: 'write',
            }),
        },
      );
    } catch (error) {
      if ((error as Error).name === 'IndexConflictError' && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    const pagesNow =
      indexed.hashes.size -
      removals.length +
      upserts.filter((p) => !indexed.hashes.has(p.path)).length;
    return {
      pages: pagesNow,
      changed: upserts.length,
      removed: removals.length,
      ms: Math.round(performance.now() - started),
      warnings,
    };
  }
}

/** Removes a doc set from the index (a no-op when it is not there). */
export async function removeDocSet(engine: SearchEngine, docSetId: string): Promise<void> {
  await engine.removeDocSet(docSetId);
}

/**
 * Syncs every configured doc set and removes indexed doc sets that are no longer configured:
 * what the server runs at start-up and what `npm run reindex` runs.
 */
export async function syncDocSets(
  engine: SearchEngine,
  docSets: readonly DocSetDescriptor[],
  options: SyncOptions & { onDocSet?(docSet: DocSetDescriptor): void } = {},
): Promise<Map<string, SyncResult>> {
  const results = new Map<string, SyncResult>();
  for (const docSet of docSets) {
    options.onDocSet?.(docSet);
    results.set(docSet.id, await syncDocSet(engine, docSet, options));
  }
  const configured = new Set(docSets.map((d) => d.id));
  for (const indexed of await engine.indexedDocSets()) {
    if (!configured.has(indexed.docSet.id)) await engine.removeDocSet(indexed.docSet.id);
  }
  return results;
}

import { createSearchEngine, type SyncProgress, syncDocSets } from '@docs-portal/search';
import { checkSharedDataFolder } from '../cluster/sharedDataFolder';
import { ServedReleases } from '../content/ServedReleases';
import { searchEngineConfig } from '../search/searchEngineConfig';
import { publishedDescriptors } from '../search/SearchIndexing';
import { type CliCommand, EXIT_CODES, UsageError } from './CliCommand';
import { ProgressLine, rateAndEta } from './ProgressLine';

/** The status line of a re-index: the doc set, its phase, pages done, rate and time left. */
export function reindexStatus(docSetId: string, progress: SyncProgress, elapsedMs: number): string {
  const phase = progress.phase === 'read' ? 'reading' : 'writing';
  return `${docSetId}: ${phase} ${progress.done}/${progress.total} pages, ${progress.changed} changed, ${rateAndEta(progress.done, progress.total, elapsedMs, 'pages')}`;
}

/** `reindex [docSetId...]`: brings the search index up to date, showing progress. */
export const reindexCommand: CliCommand = {
  args: '[docSetId...]',
  summary:
    're-index the published doc sets (only changed pages; atomic per doc set: an interrupted run leaves the previous index serving); publishes nothing',
  async run(args, { config, out, err, signal, status }) {
    const known = new Set(config.docSets.map((d) => d.id));
    const unknown = args.filter((a) => !known.has(a));
    if (unknown.length > 0) {
      throw new UsageError(
        `unknown doc set(s): ${unknown.join(', ')}; known: ${[...known].join(', ')}`,
      );
    }
    // Reads what is published and never publishes: that is `publish` (or the server's start-up).
    const served = new ServedReleases(config, { watch: false, pollIntervalMs: 0 });
    await served.start();
    await served.close();
    const wanted =
      args.length > 0 ? config.docSets.filter((d) => args.includes(d.id)) : config.docSets;
    const unpublished = wanted.filter((d) => served.current(d.id) === null);
    for (const docSet of unpublished) {
      err(
        `${docSet.id}: nothing published yet, so nothing to index. Publish it first: npm run publish-docs -- ${docSet.id} <folder|archive> (or start the portal, which publishes the configured folder ${docSet.folder}).`,
      );
    }
    if (unpublished.length > 0 && unpublished.length === wanted.length) {
      err('Nothing was indexed.');
      return EXIT_CODES.failed;
    }
    const descriptors = publishedDescriptors(config, served).filter((d) =>
      wanted.some((w) => w.id === d.id),
    );
    // The CLI opens the same SQLite files as the server: the same refusal on a shared folder.
    const markers = await checkSharedDataFolder(config);
    // It only writes: no query threads to start.
    const engineConfig = { ...searchEngineConfig(config), queryThreads: 0 };
    const engine = await createSearchEngine(engineConfig).catch((error: unknown) => {
      markers.close();
      throw error;
    });
    const progress = new ProgressLine(status);
    try {
      let current = '';
      const results = await syncDocSets(engine, descriptors, {
        signal,
        // The command exits after the run: loading the index for searches would be wasted.
        warm: false,
        logger: {
          warn: (details, message) => err(`  warning: ${String(details.path ?? '')}: ${message}`),
        },
        onDocSet: (docSet) => {
          current = docSet.id;
        },
        onProgress: (p) =>
          progress.update(
            `${current} ${p.phase}`,
            (elapsed) => reindexStatus(current, p, elapsed),
            p.done === p.total,
          ),
      });
      progress.clear();
      for (const [id, r] of results) {
        out(
          `${id}: ${r.pages} pages, ${r.changed} re-indexed, ${r.removed} removed, ${Math.round(r.ms)} ms (${Math.round((r.pages * 1000) / Math.max(r.ms, 1))} pages/s)${r.warnings.length ? `, ${r.warnings.length} warnings` : ''}`,
        );
      }
      const stats = await engine.stats();
      out(
        `Index: ${stats.docSets} doc sets, ${stats.pages} pages, ${stats.sections} sections, ${(stats.bytes / 1048576).toFixed(1)} MB`,
      );
      return EXIT_CODES.ok;
    } finally {
      progress.clear();
      markers.close();
      await engine.close();
    }
  },
};

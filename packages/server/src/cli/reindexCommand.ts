import { createSearchEngine, syncDocSets } from '@docs-portal/search';
import { checkSharedDataFolder } from '../cluster/sharedDataFolder';
import { ServedReleases } from '../content/ServedReleases';
import { searchEngineConfig } from '../search/searchEngineConfig';
import { publishedDescriptors } from '../search/SearchIndexing';
import { type CliCommand, EXIT_CODES, UsageError } from './CliCommand';

/** `reindex [docSetId...]`: brings the search index up to date, showing progress. */
export const reindexCommand: CliCommand = {
  args: '[docSetId...]',
  summary:
    're-index the published doc sets (only changed pages; atomic per doc set: an interrupted run leaves the previous index serving); publishes nothing',
  async run(args, { config, out, err, signal }) {
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
    const engine = await createSearchEngine(searchEngineConfig(config)).catch((error: unknown) => {
      markers.close();
      throw error;
    });
    try {
      let current = '';
      let lastLine = 0;
      const results = await syncDocSets(engine, descriptors, {
        signal,
        logger: {
          warn: (details, message) => err(`  warning: ${String(details.path ?? '')}: ${message}`),
        },
        onDocSet: (docSet) => {
          current = docSet.id;
          err(`${docSet.id}: reading ${docSet.folder}`);
        },
        onProgress: (p) => {
          const now = Date.now();
          if (p.done === p.total || now - lastLine > 500) {
            lastLine = now;
            err(`  ${current} ${p.phase} ${p.done}/${p.total} pages, ${p.changed} changed`);
          }
        },
      });
      for (const [id, r] of results) {
        out(
          `${id}: ${r.pages} pages, ${r.changed} re-indexed, ${r.removed} removed, ${Math.round(r.ms)} ms${r.warnings.length ? `, ${r.warnings.length} warnings` : ''}`,
        );
      }
      const stats = await engine.stats();
      out(
        `Index: ${stats.docSets} doc sets, ${stats.pages} pages, ${stats.sections} sections, ${(stats.bytes / 1048576).toFixed(1)} MB`,
      );
      return EXIT_CODES.ok;
    } finally {
      markers.close();
      await engine.close();
    }
  },
};

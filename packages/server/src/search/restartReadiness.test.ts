import { createSearchEngine, syncDocSets, type SearchEngine } from '@docs-portal/search';
import { afterAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '@docs-portal/contracts';
import { guideDocSet, topicPage, writeFolder } from '../../test/content/docSetFolders';
import { signIn, startPortal, testConfig, type RunningPortal } from '../../test/portalHarness';
import { DocSetPublisher } from '../content/DocSetPublisher';
import { ServedReleases } from '../content/ServedReleases';
import { publishedDescriptors } from './SearchIndexing';
import { searchEngineConfig } from './searchEngineConfig';

let portal: RunningPortal | undefined;

afterAll(async () => {
  await portal?.close();
});

/** The engine, with its writes held until `open` is called. */
function heldWrites(engine: SearchEngine): { engine: SearchEngine; open(): void } {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    engine: {
      id: engine.id,
      search: (request, access) => engine.search(request, access),
      suggest: (request, access) => engine.suggest(request, access),
      indexedDocSets: () => engine.indexedDocSets(),
      indexedPages: (docSetId) => engine.indexedPages(docSetId),
      applyDocSetChanges: async (change, options) => {
        await gate;
        return engine.applyDocSetChanges(change, options);
      },
      warm: () => engine.warm(),
      removeDocSet: (docSetId) => engine.removeDocSet(docSetId),
      stats: () => engine.stats(),
      ping: () => engine.ping(),
      close: () => engine.close(),
    },
    open: () => open(),
  };
}

describe('a portal restarted after a re-index was interrupted', () => {
  it('is not ready until the index matches the releases served, and then has no hits to removed pages', async () => {
    const first = writeFolder({
      'Content/Jobs.htm': topicPage('Jobs', 'quokkaword', 2000),
      'Content/Retired.htm': topicPage('Retired', 'dodoword', 2000),
    });
    const config = testConfig({ docSets: [guideDocSet(first)] });
    // The previous run: release 1 indexed, then release 2 published without Retired.htm, and
    // the process stopped before its re-index was written.
    const publisher = new DocSetPublisher(config);
    await publisher.publishFirstReleases();
    const library = new ServedReleases(config, { watch: false });
    await library.start();
    const before = await createSearchEngine(searchEngineConfig(config));
    await syncDocSets(before, publishedDescriptors(config, library));
    await before.close();
    await publisher.publish(
      'guide',
      writeFolder({ 'Content/Jobs.htm': topicPage('Jobs', 'quokkaword', 2000) }),
    );
    await library.close();

    const held = heldWrites(await createSearchEngine(searchEngineConfig(config)));
    portal = await startPortal(
      { dataDir: config.dataDir, docSets: config.docSets },
      { searchEngine: held.engine },
    );
    const probe = portal.client();
    const catchingUp = await probe.request('/docs/readyz');
    expect(catchingUp.status).toBe(503);
    expect(await catchingUp.json()).toMatchObject({
      checks: { sessions: 'ok', search: 'ok', index: 'pending' },
      message: 'Not ready: index pending.',
    });
    // Why: the index still has the page the served release no longer has.
    const reader = portal.client();
    await signIn(reader, 'partner');
    const stale = SearchResponseSchema.parse(
      await (await reader.request('/docs/search?q=dodoword')).json(),
    );
    const url = stale.hits[0]?.url ?? '';
    expect(url).toMatch(/Retired\.htm/);
    expect((await reader.request(url)).status).toBe(404);

    held.open();
    await portal.app.searchIndexing.ready;
    expect((await probe.request('/docs/readyz')).status).toBe(200);
    const fresh = SearchResponseSchema.parse(
      await (await reader.request('/docs/search?q=dodoword')).json(),
    );
    expect(fresh.total).toBe(0);
  }, 60_000);
});

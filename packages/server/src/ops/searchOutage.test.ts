import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '@docs-portal/contracts';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { guideDocSet, topicPage, writeFolder } from '../../test/content/docSetFolders';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { eventually, timed } from '../../test/services/eventually';
import { TcpProxy } from '../../test/services/TcpProxy';
import {
  TEST_POSTGRES_URL,
  addressOf,
  createTestDatabase,
  viaPort,
  type TestDatabase,
} from '../../test/services/testServers';
import { DocSetPublisher } from '../content/DocSetPublisher';
import { PgPublishLock } from '../content/publishLock/PgPublishLock';

/** A query of the engine fails after this long while PostgreSQL does not answer (ms). */
const SEARCH_TIMEOUT_MS = 500;

let database: TestDatabase;
let proxy: TcpProxy;
let portal: RunningPortal;
let reader: BrowserlikeClient;

/** Total hits of `query`; throws unless the search answered 200. */
async function total(query: string): Promise<number> {
  const answer = await reader.request(`/docs/search?q=${encodeURIComponent(query)}`);
  if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
  return SearchResponseSchema.parse(await answer.json()).total;
}

beforeAll(async () => {
  database = await createTestDatabase();
  proxy = await TcpProxy.start(addressOf(TEST_POSTGRES_URL, 5432));
  const first = writeFolder({
    'Content/Jobs.htm': topicPage('Protection jobs', 'quokkaword', 2000),
  });
  portal = await startPortal(
    {
      docSets: [guideDocSet(first)],
      search: {
        engine: 'postgres',
        postgres: {
          url: viaPort(database.url, proxy.port),
          poolSize: 4,
          timeoutMs: SEARCH_TIMEOUT_MS,
        },
      },
    },
    { searchIndexing: { retryBaseMs: 100, retryMaxMs: 400 } },
  );
  await portal.app.searchIndexing.ready;
  reader = portal.client();
  await signIn(reader, 'partner');
}, 60_000);

afterAll(async () => {
  await portal?.close();
  await proxy?.close();
  await database?.drop();
});

describe('the portal on the PostgreSQL search engine', () => {
  it('searches through the proxy while PostgreSQL answers', async () => {
    expect(await total('quokkaword')).toBeGreaterThan(0);
  });

  it('answers 503 fast while PostgreSQL hangs, and recovers', async () => {
    proxy.stall();
    try {
      const during = await timed(async () => {
        const answer = await reader.request('/docs/search?q=quokkaword');
        expect(answer.status).toBe(503);
        expect(await answer.json()).toMatchObject({ code: 'unavailable' });
      });
      expect(during.error).toBeUndefined();
      // The query timeout, plus at most one connection attempt of the same length.
      expect(during.ms).toBeLessThan(SEARCH_TIMEOUT_MS * 2 + 1_500);
    } finally {
      proxy.restore();
    }
    expect(await eventually(() => total('quokkaword'))).toBeGreaterThan(0);
  });

  it('answers 503 while PostgreSQL is gone, keeps serving doc pages, and catches up on a publish made meanwhile', async () => {
    proxy.cut();
    try {
      // Many readers at once: every one gets the clear 503, none a 500.
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          reader.request(i % 2 ? `/docs/search?q=quokkaword` : `/docs/search/suggest?q=quokk`),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(503));
      expect(await answers[0]?.json()).toEqual({
        code: 'unavailable',
        message: expect.stringMatching(/^Search is unavailable right now/) as unknown,
      });

      const probe = portal.client();
      const notReady = await probe.request('/docs/readyz');
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({
        checks: { sessions: 'ok', search: 'failed' },
      });
      expect((await probe.request('/docs/healthz')).status).toBe(200);
      // Reading does not need the index.
      const page = await reader.request('/docs/Guide/Content/Jobs.htm');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('quokkaword');

      // A new release while the index is out of reach: the page is served at once, the index
      // sync fails and is retried.
      const second = writeFolder({
        'Content/Jobs.htm': topicPage('Protection jobs', 'wombatword', 2000),
      });
      // Publishing needs its lock database; here only the index's connection is cut.
      const lock = new PgPublishLock({ url: database.url, configField: 'test' });
      await new DocSetPublisher(portal.config, { lock }).publish('guide', second);
      await eventually(async () => {
        const text = await (await reader.request('/docs/Guide/Content/Jobs.htm')).text();
        if (!text.includes('wombatword')) throw new Error('the new release is not served yet');
      });
      expect((await reader.request('/docs/search?q=wombatword')).status).toBe(503);
    } finally {
      proxy.restore();
    }

    // Back without a restart: the index written before the outage answers, and the retried
    // sync brings in the release published during it.
    await eventually(
      async () => {
        if ((await total('wombatword')) === 0) throw new Error('the new release is not indexed');
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(await total('quokkaword')).toBe(0);
    expect((await portal.client().request('/docs/readyz')).status).toBe(200);
  });
});

import { SearchResponseSchema, type SearchRule } from '@docs-portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { guideDocSet, topicPage, writeFolder } from '../../test/content/docSetFolders';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { eventually } from '../../test/services/eventually';
import { createTestDatabase, type TestDatabase } from '../../test/services/testServers';

let database: TestDatabase;
let first: RunningPortal;
let second: RunningPortal;
let editor: BrowserlikeClient;
let reader: BrowserlikeClient;

/** Titles of the hits `client` gets for `query` from its portal. */
async function titles(client: BrowserlikeClient, query: string): Promise<string[]> {
  const answer = await client.request(`/docs/search?q=${encodeURIComponent(query)}`);
  if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
  return SearchResponseSchema.parse(await answer.json()).hits.map((hit) => hit.title);
}

async function post(url: string, body: unknown): Promise<Response> {
  return editor.request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': editor.cookies.get('XSRF-TOKEN')?.value ?? '',
    },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const folder = writeFolder({
    'Content/Jobs.htm': topicPage('Protection jobs', 'quokkaword', 4000),
    'Content/Other.htm': topicPage('Retention notes', 'wallabyword', 2000),
  });
  const config = {
    docSets: [guideDocSet(folder)],
    search: { engine: 'postgres' as const, postgres: { url: database.url, poolSize: 4 } },
  };
  // Two replicas of one deployment: one PostgreSQL database, separate data folders.
  first = await startPortal(config, { rulePollMs: 200 });
  second = await startPortal(config, { rulePollMs: 200 });
  await Promise.all([first.app.searchIndexing.ready, second.app.searchIndexing.ready]);
  editor = first.client();
  await signIn(editor, 'employee', { provider: 'employee' });
  reader = second.client();
  await signIn(reader, 'customer');
}, 90_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

describe('relevance rules in cluster mode', () => {
  it('a version published on one replica takes effect on the other within seconds', async () => {
    expect(await titles(reader, 'quokkaword')).toEqual(['Protection jobs']);
    const pin: SearchRule = {
      id: 'pin-retention',
      kind: 'pin',
      query: 'quokkaword',
      docSet: 'guide',
      path: '/Content/Other.htm',
      rank: 1,
    };
    const published = await post('/docs/relevance/publish', { rules: [pin], basedOn: 0 });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ version: 1 });
    const started = Date.now();
    await eventually(
      async () =>
        expect(await titles(reader, 'quokkaword')).toEqual(['Retention notes', 'Protection jobs']),
      { timeoutMs: 5_000 },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    // A customer on the other replica gets 404 from the workbench; a stale publish is refused.
    expect((await reader.request('/docs/relevance/rules')).status).toBe(404);
    const back = await post('/docs/relevance/rollback', { version: 1, basedOn: 0 });
    expect(back.status).toBe(409);
    const cleared = await post('/docs/relevance/publish', { rules: [], basedOn: 1 });
    expect(cleared.status).toBe(200);
    await eventually(
      async () => expect(await titles(reader, 'quokkaword')).toEqual(['Protection jobs']),
      { timeoutMs: 5_000 },
    );
  });
});

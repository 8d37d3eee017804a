import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { guideDocSet, topicPage, writeFolder } from '../../test/content/docSetFolders';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { eventually } from '../../test/services/eventually';
import { TcpProxy } from '../../test/services/TcpProxy';
import {
  TEST_POSTGRES_URL,
  addressOf,
  createTestDatabase,
  viaPort,
  type TestDatabase,
} from '../../test/services/testServers';

/** A log line as pino writes it. */
interface LogLine {
  level: number;
  msg: string;
}

const WARN = 40;

let database: TestDatabase;
let proxy: TcpProxy;
let portal: RunningPortal;
let reader: BrowserlikeClient;
const lines: LogLine[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  proxy = await TcpProxy.start(addressOf(TEST_POSTGRES_URL, 5432));
  const folder = writeFolder({ 'Content/Jobs.htm': topicPage('Jobs', 'quokkaword', 2000) });
  portal = await startPortal(
    {
      logLevel: 'info',
      docSets: [guideDocSet(folder)],
      search: {
        engine: 'postgres',
        postgres: { url: viaPort(database.url, proxy.port), poolSize: 2, timeoutMs: 500 },
      },
    },
    { logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) } },
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

describe('the outage log', () => {
  it('says once that the search index is out of reach and once that it is back, however many readers search', async () => {
    const before = lines.length;
    proxy.cut();
    try {
      for (let i = 0; i < 8; i += 1) {
        const path = i % 2 ? '/docs/search?q=quokkaword' : '/docs/search/suggest?q=quokk';
        expect((await reader.request(path)).status).toBe(503);
      }
      for (let i = 0; i < 3; i += 1) {
        expect((await portal.client().request('/docs/readyz')).status).toBe(503);
      }
    } finally {
      proxy.restore();
    }
    await eventually(async () => {
      const answer = await reader.request('/docs/search?q=quokkaword');
      if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
    });
    expect((await portal.client().request('/docs/readyz')).status).toBe(200);

    const during = lines.slice(before);
    const warnings = during.filter((line) => line.level >= WARN).map((line) => line.msg);
    // The relevance rule store shares the database; its poll (every 2 s) may meet the cut too,
    // and then says so once as well.
    const ruleStore = (msg: string) => msg.startsWith('postgres relevance rule store:');
    expect(warnings.filter(ruleStore).length).toBeLessThanOrEqual(1);
    const problems = warnings.filter((msg) => !ruleStore(msg));
    expect(problems).toEqual([
      'search index: connection lost; requests that need it answer 503 until it is back',
      'not ready: search',
    ]);
    const notices = during.map((line) => line.msg);
    expect(notices.filter((msg) => msg === 'search index: connection restored')).toHaveLength(1);
    expect(notices.filter((msg) => msg === 'ready again')).toHaveLength(1);
    // The detail is in the log, not in the answers.
    expect(JSON.stringify(during)).toContain('ECONNRE');
  });
});

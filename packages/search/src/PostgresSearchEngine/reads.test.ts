import { once } from 'node:events';
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchUnavailableError } from '../core/IndexStore';
import { DEFAULT_RANKING } from '../query/rankingOptions';
import { compileSynonyms } from '../query/synonyms';
import { NO_RESULT_CACHE } from '../ResultCache';
import type { SearchEngine } from '../SearchEngine';
import { searchRequest } from '../testing/runSearchEngineContract';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { createPostgresSearchEngine } from './createPostgresSearchEngine';
import { TEST_DOC_SET, editionPages } from './testPages';

/**
 * A TCP relay between the engine and the test server, which the tests cut and restore: the
 * server seen from the engine goes away (connections reset, new ones refused) and comes back,
 * while the database itself, shared with other test files, stays up.
 */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = connect(this.target.port, this.target.host);
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Resets every relayed connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server !== undefined) await new Promise((done) => server.close(done));
  }
}

const settings = { ranking: { ...DEFAULT_RANKING }, synonyms: compileSynonyms(undefined) };
const access = { docSetIds: [TEST_DOC_SET.id] };

let database: TestDatabase;
let relay: Relay;
let engine: SearchEngine;

beforeAll(async () => {
  database = await createTestDatabase('docs_portal_search_outage_');
  const url = new URL(database.url);
  relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
  await relay.start();
  url.host = `127.0.0.1:${relay.port}`;
  // No result cache: every search reads the store, as the tests mean to show.
  engine = await createPostgresSearchEngine(
    { url: url.href, poolSize: 2, timeoutMs: 2000 },
    settings,
    {},
    NO_RESULT_CACHE,
  );
  await engine.applyDocSetChanges({
    docSet: TEST_DOC_SET,
    upserts: editionPages('a', 30),
    removals: [],
  });
});

afterAll(async () => {
  await engine.close();
  await relay.cut();
  await database.drop();
});

/** A search's answer without the time it took. */
async function answer(q: string) {
  const { tookMs: _tookMs, ...rest } = await engine.search(searchRequest(q), access);
  return rest;
}

describe('PostgreSQL engine while its server is out of reach', () => {
  it('answers 503 even for a search whose postings and rows it has cached, and serves again when the server is back', async () => {
    const before = await answer('aword7 details');
    expect(before.hits.length).toBeGreaterThan(0);
    // Asked again: everything the search needs is in the generation's caches now.
    expect(await answer('aword7 details')).toEqual(before);

    await relay.cut();
    const failed = await engine.search(searchRequest('aword7 details'), access).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(SearchUnavailableError);
    expect((failed as SearchUnavailableError).statusCode).toBe(503);
    await expect(engine.suggest({ q: 'detail', limit: 5 }, access)).rejects.toBeInstanceOf(
      SearchUnavailableError,
    );
    await expect(engine.ping()).rejects.toBeInstanceOf(SearchUnavailableError);

    await relay.start();
    expect(await answer('aword7 details')).toEqual(before);
  }, 30_000);

  it('gives every answer page rows of its own: changing one answer changes no later one', async () => {
    const first = await engine.search(searchRequest('aword3'), access);
    const hit = first.hits[0];
    expect(hit?.breadcrumb).toEqual(['Atomic']);
    hit?.breadcrumb.push('changed by a caller');
    const again = await engine.search(searchRequest('aword3'), access);
    expect(again.hits[0]?.breadcrumb).toEqual(['Atomic']);
  });
});

describe('PostgreSQL engine reads after another replica wrote', () => {
  it('answers from the new index at once, although its caches answered the old one without the server', async () => {
    // Another replica, connected straight to the server.
    const writer = await createPostgresSearchEngine({ url: database.url, poolSize: 1 }, settings);
    try {
      const written = async (q: string) => {
        const { tookMs: _tookMs, ...rest } = await writer.search(searchRequest(q), access);
        return rest;
      };
      // Cached: the search runs on the snapshot in memory before the server says which
      // generation it sees, and would answer from the old edition.
      const before = await answer('aword5 edition');
      expect(await answer('aword5 edition')).toEqual(before);
      await writer.applyDocSetChanges({
        docSet: TEST_DOC_SET,
        upserts: editionPages('b', 30),
        removals: [],
      });
      const after = await answer('aword5 edition');
      expect(after).not.toEqual(before);
      expect(after).toEqual(await written('aword5 edition'));
      // Not cached: the early run reads the server, and is dropped for the new generation.
      const found = await answer('bword5 details');
      expect(found.hits[0]?.url).toContain('Page5');
      expect(found).toEqual(await written('bword5 details'));
    } finally {
      await writer.close();
    }
  });
});

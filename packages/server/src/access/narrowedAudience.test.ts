import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SearchResponseSchema,
  SuggestResponseSchema,
  type SearchResponse,
  type SuggestResponse,
  type UserKind,
} from '@docs-portal/contracts';
import { createSearchEngine, type SearchEngine } from '@docs-portal/search';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { topicPage, writeFolder } from '../../test/content/docSetFolders';
import { buildApp } from '../app';
import { parseConfig } from '../config/loadConfig';
import type { PortalConfig, PortalConfigInput } from '../config/schema';
import { searchEngineConfig } from '../search/searchEngineConfig';
import { SessionService } from '../sessions/SessionService';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';

/** A portal built over the shared data folder, with a way to sign readers in directly. */
interface Portal {
  app: FastifyInstance;
  search(kind: UserKind, query: string): Promise<SearchResponse>;
  suggest(kind: UserKind, query: string): Promise<SuggestResponse>;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'docs-portal-narrowed-'));
const folders = {
  open: writeFolder({ 'Content/Welcome.htm': topicPage('Welcome aboard', 'harbourmaster') }),
  narrowed: writeFolder({
    'Content/Escalation.htm': topicPage('Quasarite escalation', 'quasarite'),
  }),
  dropped: writeFolder({ 'Content/Legacy.htm': topicPage('Legacy flamingo notes', 'flamingo') }),
};
const open = docSetInput('open', 'Guide', folders.open, { audience: ['*'] });
const narrowed = docSetInput('narrowed', 'Internal/Runbooks', folders.narrowed, {
  product: 'Runbooks',
  docType: 'Runbook',
});
const dropped = docSetInput('dropped', 'Legacy', folders.dropped, {
  product: 'Legacy',
  audience: ['*'],
});

function config(docSets: PortalConfigInput['docSets']): PortalConfig {
  return parseConfig({ dataDir, logLevel: 'silent', docSets }, { env: {} });
}

async function startPortal(portalConfig: PortalConfig, searchEngine?: SearchEngine) {
  const store = new SqliteSessionStore(':memory:');
  const sessions = new SessionService(store, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const app = await buildApp(portalConfig, {
    sessionStore: store,
    logger: false,
    ...(searchEngine ? { searchEngine } : {}),
  });
  const cookies = new Map<UserKind, string>();
  const cookieFor = async (kind: UserKind) => {
    let cookie = cookies.get(kind);
    if (cookie === undefined) {
      const id = await sessions.create({
        sub: kind,
        provider: kind === 'employee' ? 'employee' : 'salesforce',
        displayName: kind,
        email: `${kind}@example.com`,
        kind,
      });
      cookie = `${portalConfig.sessions.cookieName}=${id}`;
      cookies.set(kind, cookie);
    }
    return cookie;
  };
  const get = async (kind: UserKind, url: string) => {
    const answer = await app.inject({ url, headers: { cookie: await cookieFor(kind) } });
    expect(answer.statusCode, url).toBe(200);
    return answer.json() as unknown;
  };
  const portal: Portal = {
    app,
    search: async (kind, q) =>
      SearchResponseSchema.parse(await get(kind, `/docs/search?q=${encodeURIComponent(q)}`)),
    suggest: async (kind, q) =>
      SuggestResponseSchema.parse(
        await get(kind, `/docs/search/suggest?q=${encodeURIComponent(q)}`),
      ),
  };
  return portal;
}

/** The engine with every index write held back until `release` resolves: the start-up sync waits. */
function withSyncHeld(engine: SearchEngine, release: Promise<void>): SearchEngine {
  return {
    id: engine.id,
    search: (request, access) => engine.search(request, access),
    suggest: (request, access) => engine.suggest(request, access),
    async indexedDocSets() {
      await release;
      return engine.indexedDocSets();
    },
    async indexedPages(id) {
      await release;
      return engine.indexedPages(id);
    },
    async applyDocSetChanges(change, options) {
      await release;
      return engine.applyDocSetChanges(change, options);
    },
    warm: () => engine.warm(),
    async removeDocSet(id) {
      await release;
      return engine.removeDocSet(id);
    },
    stats: () => engine.stats(),
    ping: () => engine.ping(),
    close: () => engine.close(),
  };
}

/** True when nothing of the narrowed or dropped doc set reaches `kind`'s answers. */
async function expectNothingOf(
  portal: Portal,
  kind: UserKind,
  docSet: { word: string; typo: string; prefix: string; product: string; mount: string },
) {
  const found = await portal.search(kind, docSet.word);
  expect(found.total, `${kind}: ${docSet.word}`).toBe(0);
  expect(found.hits).toEqual([]);
  expect(found.facets).toEqual({ product: [], version: [], docType: [] });
  expect((await portal.search(kind, docSet.typo)).suggestion ?? '').not.toContain(docSet.word);
  const typed = await portal.suggest(kind, docSet.prefix);
  expect(JSON.stringify(typed.suggestions).toLowerCase()).not.toContain(docSet.word);
  const shared = await portal.search(kind, 'protection policy');
  expect(shared.total).toBeGreaterThan(0);
  expect(shared.hits.some((hit) => hit.url.startsWith(`/docs/${docSet.mount}/`))).toBe(false);
  expect(shared.facets.product.map((f) => f.value)).not.toContain(docSet.product);
}

const NARROWED = {
  word: 'quasarite',
  typo: 'quasarit',
  prefix: 'quasa',
  product: 'Runbooks',
  mount: 'Internal/Runbooks',
};
const DROPPED = {
  word: 'flamingo',
  typo: 'flamngo',
  prefix: 'flamin',
  product: 'Legacy',
  mount: 'Legacy',
};

let releaseSync: () => void = () => undefined;
let engine: SearchEngine;
let portal: Portal;

beforeAll(async () => {
  const before = await startPortal(config([open, { ...narrowed, audience: ['*'] }, dropped]));
  await before.app.searchIndexing.ready;
  // Under the first config a customer reads all three doc sets, so the index holds them for all.
  expect((await before.search('customer', 'quasarite')).total).toBeGreaterThan(0);
  expect((await before.search('customer', 'flamingo')).total).toBeGreaterThan(0);
  await before.app.close();

  const held = new Promise<void>((resolve) => {
    releaseSync = resolve;
  });
  const after = config([open, { ...narrowed, audience: ['employee'] }]);
  engine = await createSearchEngine(searchEngineConfig(after));
  portal = await startPortal(after, withSyncHeld(engine, held));
}, 60_000);

afterAll(async () => {
  releaseSync();
  await portal?.app.close();
  for (const dir of [dataDir, ...Object.values(folders)])
    rmSync(dir, { recursive: true, force: true });
});

describe('access after a doc set is narrowed or removed in the config', () => {
  it('shows a customer nothing of them while the index still describes them as before', async () => {
    const indexed = (await engine.indexedDocSets()).map((d) => d.docSet.id).sort();
    expect(indexed).toEqual(['dropped', 'narrowed', 'open']);
    await expectNothingOf(portal, 'customer', NARROWED);
    await expectNothingOf(portal, 'partner', NARROWED);
    await expectNothingOf(portal, 'customer', DROPPED);
    expect((await portal.search('customer', 'harbourmaster')).total).toBeGreaterThan(0);
  });

  it('gives employees the narrowed doc set and nobody the removed one, before the sync', async () => {
    const found = await portal.search('employee', 'quasarite');
    expect(found.total).toBeGreaterThan(0);
    expect(found.hits[0]?.url).toMatch(/^\/docs\/Internal\/Runbooks\//);
    expect(found.facets.product).toContainEqual({ value: 'Runbooks', count: found.total });
    await expectNothingOf(portal, 'employee', DROPPED);
  });

  it('keeps the same answers once the start-up sync has rewritten the index', async () => {
    releaseSync();
    await portal.app.searchIndexing.ready;
    const indexed = (await engine.indexedDocSets()).map((d) => d.docSet.id).sort();
    expect(indexed).toEqual(['narrowed', 'open']);
    await expectNothingOf(portal, 'customer', NARROWED);
    expect((await portal.search('employee', 'quasarite')).total).toBeGreaterThan(0);
  });
});

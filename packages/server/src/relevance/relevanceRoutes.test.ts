import { rmSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { ReplayReport, SearchRule, UserKind } from '@docs-portal/contracts';
import { createSearchEngine, type SearchEngine } from '@docs-portal/search';
import { CONTRACT_CORPUS } from '@docs-portal/search/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/portalHarness';
import { searchAccess } from '../access/searchAccess';
import { SqliteAnalyticsStore } from '../analytics/SqliteAnalyticsStore/SqliteAnalyticsStore';
import type { PortalConfig } from '../config/schema';
import { installErrorHandler } from '../errors/errorHandler';
import { SessionService } from '../sessions/SessionService';
import { sessionPlugin } from '../sessions/sessionPlugin';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import { xsrfPlugin } from '../xsrf/xsrfPlugin';
import { LiveRules, withLiveRules } from './LiveRules';
import { relevanceRoutes } from './relevanceRoutes';
import { SqliteRuleStore } from './SqliteRuleStore';

interface Harness {
  app: FastifyInstance;
  config: PortalConfig;
  engine: SearchEngine;
  analytics: SqliteAnalyticsStore;
  store: SqliteRuleStore;
  live: LiveRules;
  signedIn(kind: UserKind): Promise<Record<string, string>>;
}

/** The portal's session context in small, with a real SQLite engine holding the contract corpus. */
async function harness(): Promise<Harness> {
  const folder = { folder: '/nowhere', version: '1', docType: 'Guide' };
  const config = testConfig({
    docSets: [
      { ...folder, id: 'dp-6-10', mount: 'guide', title: 'Guide', product: 'Data Platform' },
      { ...folder, id: 'dp-api-6-5', mount: 'api', title: 'API', product: 'Data Platform' },
      {
        ...folder,
        id: 'runbooks',
        mount: 'Internal/Runbooks',
        title: 'Runbooks',
        product: 'Runbooks',
        audience: ['employee'],
      },
    ],
  });
  const engine = await createSearchEngine({ engine: 'sqlite', dataDir: config.dataDir });
  for (const { docSet, pages } of CONTRACT_CORPUS) {
    // Config ids have no dots.
    const id = docSet.id.replace(/\./g, '-');
    await engine.applyDocSetChanges({ docSet: { ...docSet, id }, upserts: pages, removals: [] });
  }
  // The portal's own body limit (see app.ts).
  const app = Fastify({ bodyLimit: 64 * 1024 });
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(xsrfPlugin, { config });
  const sessions = new SessionService(new SqliteSessionStore(':memory:'), {
    idleMs: 3_600_000,
    absoluteMs: 3_600_000,
  });
  const analytics = new SqliteAnalyticsStore(':memory:');
  const store = new SqliteRuleStore(path.join(config.dataDir, 'rules'));
  const live = new LiveRules(store, { pollMs: 60_000 });
  await live.start();
  await app.register(
    async (portal) => {
      await portal.register(sessionPlugin, { config, sessions });
      portal.setNotFoundHandler(async (request, reply) =>
        request.user
          ? reply
              .status(404)
              .send({ code: 'not_found', message: 'There is no page at this address.' })
          : reply.status(401).send({ code: 'unauthenticated', message: 'Sign in.' }),
      );
      await portal.register(relevanceRoutes, {
        store,
        live,
        engine,
        analytics,
        docSets: config.docSets,
      });
    },
    { prefix: config.basePath },
  );
  app.addHook('onClose', async () => {
    live.stop();
    await store.close();
    await analytics.close();
    await engine.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  return {
    app,
    config,
    engine,
    analytics,
    store,
    live,
    async signedIn(kind) {
      const id = await sessions.create({
        sub: `${kind}-1`,
        provider: kind === 'employee' ? 'employee' : 'salesforce',
        displayName: 'Dana <b>Editor</b>',
        email: 'reader@example.com',
        kind,
      });
      return {
        cookie: `${config.sessions.cookieName}=${id}; XSRF-TOKEN=tok`,
        'x-xsrf-token': 'tok',
      };
    },
  };
}

const PIN_RUNBOOK: SearchRule = {
  id: 'pin-runbook',
  kind: 'pin',
  query: 'backup policy',
  docSet: 'runbooks',
  path: '/zorblax.html',
  rank: 1,
};

describe('relevance workbench routes', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.app.close();
  });

  const post = async (url: string, headers: Record<string, string>, payload: unknown) =>
    h.app.inject({
      method: 'POST',
      url: `/docs/relevance/${url}`,
      headers,
      payload: payload as object,
    });

  it('answers 404 to customers and partners on every route, whatever they send', async () => {
    for (const kind of ['customer', 'partner'] as const) {
      const headers = await h.signedIn(kind);
      expect((await h.app.inject({ url: '/docs/relevance/rules', headers })).statusCode).toBe(404);
      for (const url of ['replay', 'publish', 'rollback']) {
        expect((await post(url, headers, { rules: [PIN_RUNBOOK], basedOn: 0 })).statusCode).toBe(
          404,
        );
        expect((await post(url, headers, { nonsense: '<b>' })).statusCode).toBe(404);
      }
    }
    expect((await h.app.inject({ url: '/docs/relevance/rules' })).statusCode).toBe(401);
    expect(await h.store.latestVersion()).toBe(0);
  });

  it('checks XSRF on every write', async () => {
    const cookie = (await h.signedIn('employee')).cookie ?? '';
    for (const url of ['replay', 'publish', 'rollback']) {
      const answer = await post(url, { cookie }, { rules: [], basedOn: 0, version: 1 });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('xsrf_mismatch');
    }
    expect(await h.store.latestVersion()).toBe(0);
  });

  it.each([
    ['markup in a query', { ...PIN_RUNBOOK, query: '<script>alert(1)</script>' }],
    ['an unknown kind', { ...PIN_RUNBOOK, kind: 'teleport' }],
    ['a rank out of range', { ...PIN_RUNBOOK, rank: 0 }],
    ['a path climbing out', { ...PIN_RUNBOOK, path: '/a/../../etc/passwd' }],
    ['an unknown field', { ...PIN_RUNBOOK, regex: '(a+)+$' }],
    ['a factor out of range', { id: 'b', kind: 'boost', pattern: '*', docSet: 'x', factor: 1e9 }],
    ['a one-word synonym', { id: 's', kind: 'synonym', words: ['alone'] }],
  ])('refuses %s with a 400 and stores nothing', async (_what, rule) => {
    const headers = await h.signedIn('employee');
    const answer = await post('publish', headers, { rules: [rule], basedOn: 0 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('bad_request');
    expect(answer.body).not.toContain('<script>');
    expect(await h.store.latestVersion()).toBe(0);
  });

  it('refuses duplicate rule ids and replays of more than 10,000 queries', async () => {
    const headers = await h.signedIn('employee');
    const twice = await post('publish', headers, { rules: [PIN_RUNBOOK, PIN_RUNBOOK], basedOn: 0 });
    expect(twice.statusCode).toBe(400);
    const many = await post('replay', headers, { rules: [], queries: 10_001 });
    expect(many.statusCode).toBe(400);
  });

  it('takes a draft of 500 rules, larger than the usual body limit of the portal', async () => {
    const headers = await h.signedIn('employee');
    const rules = Array.from({ length: 500 }, (_, i) => ({
      ...PIN_RUNBOOK,
      id: `pin-${i}`,
      query: `query number ${i} about backup policies and their retention`,
    }));
    expect(JSON.stringify(rules).length).toBeGreaterThan(64 * 1024);
    const answer = await post('publish', headers, { rules, basedOn: 0 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().rules).toHaveLength(500);
  });

  it('publishes versions, keeps history, refuses a stale publish and rolls back', async () => {
    const headers = await h.signedIn('employee');
    const first = await post('publish', headers, { rules: [PIN_RUNBOOK], basedOn: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      version: 1,
      rules: [PIN_RUNBOOK],
      publishedBy: 'Dana <b>Editor</b>',
    });
    // Published here: in force on this replica at once.
    expect(h.live.version).toBe(1);
    const searched = await withLiveRules(h.engine, h.live).search(
      {
        q: 'Backup Policy',
        product: [],
        version: [],
        docType: [],
        page: 1,
        pageSize: 5,
        explain: false,
      },
      searchAccess({ kind: 'employee' }, h.config.docSets),
    );
    expect(searched.hits[0]?.title).toBe('Zorblax Recovery Runbook');
    const second = await post('publish', headers, { rules: [], basedOn: 1 });
    expect(second.json().version).toBe(2);
    const stale = await post('publish', headers, { rules: [PIN_RUNBOOK], basedOn: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    const back = await post('rollback', headers, { version: 1, basedOn: 2 });
    expect(back.json()).toMatchObject({ version: 3, rules: [PIN_RUNBOOK] });
    const rules = await h.app.inject({ url: '/docs/relevance/rules', headers });
    expect(
      rules
        .json()
        .history.map((v: { version: number; restoredFrom: number | null }) => [
          v.version,
          v.restoredFrom,
        ]),
    ).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    expect((await post('rollback', headers, { version: 99, basedOn: 3 })).statusCode).toBe(404);
  });

  it('replays logged queries with the access of their reader kind and reports clicked moves', async () => {
    const at = new Date();
    await h.analytics.recordSearch({
      query: 'backup policy',
      filters: {},
      resultCount: 3,
      tookMs: 1,
      kind: 'customer',
      at,
    });
    await h.analytics.recordSearch({
      query: 'Backup Policy',
      filters: {},
      resultCount: 3,
      tookMs: 1,
      kind: 'employee',
      at: new Date(at.getTime() + 10_000),
    });
    await h.analytics.recordSearch({
      query: 'helios <img src=x>',
      filters: {},
      resultCount: 0,
      tookMs: 1,
      kind: 'employee',
      at: new Date(at.getTime() + 20_000),
    });
    await h.analytics.recordClick({
      query: 'backup policy',
      rank: 1,
      url: '/docs/6_10/Web/UserGuide/Content/Protection/BackupPolicies.htm?Highlight=backup#x',
      kind: 'employee',
      at: new Date(at.getTime() + 30_000),
    });
    const headers = await h.signedIn('employee');
    const answer = await post('replay', headers, { rules: [PIN_RUNBOOK], queries: 100 });
    expect(answer.statusCode).toBe(200);
    const report = answer.json() as ReplayReport;
    expect(report.replayed).toBe(3);
    // The customer may not read the runbook: their results do not change.
    expect(report.changes.map((c) => [c.query, c.kind])).toEqual([['backup policy', 'employee']]);
    expect(report).toMatchObject({ changed: 1, clickedUp: 0, clickedDown: 1 });
    const change = report.changes[0];
    expect(change?.after[0]?.title).toBe('Zorblax Recovery Runbook');
    expect(change?.before.find((hit) => hit.clicked)?.title).toBe('Backup Policies');
    // A draft that pins the clicked page higher moves it up.
    const up = await post('replay', headers, {
      rules: [{ ...PIN_RUNBOOK, docSet: 'dp-api-6-5', path: '/jobs.html' }],
      queries: 100,
    });
    expect(up.json()).toMatchObject({ changed: 2, clickedDown: 1 });
    // Nothing is published by a replay.
    expect(await h.store.latestVersion()).toBe(0);
  });
});

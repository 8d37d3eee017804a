import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NginxProcess } from '@docs-portal/scripts/cluster';
import { startAccelPortal, type AccelPortal } from '../../test/content/accelPortal';
import { docSetInput, rawRequest } from '../../test/content/contentHarness';
import { topicPage, writeFolder } from '../../test/content/docSetFolders';
import { testConfig } from '../../test/portalHarness';
import { buildApp } from '../app';
import type { PortalConfig } from '../config/schema';
import { SessionService } from '../sessions/SessionService';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import { HSTS, securityHeaders } from './securityHeaders';

const PAGE = '/docs/guide/Content/Topic.htm';
const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/web-dist',
);

function docSets() {
  const folder = writeFolder({
    'Content/Topic.htm': topicPage('Topic', 'topic-marker', 2000),
    'Content/data.json': '{"a":1}',
  });
  return [docSetInput('guide', 'guide', folder)];
}

async function customerCookie(store: SqliteSessionStore, config: PortalConfig): Promise<string> {
  const sessions = new SessionService(store, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const id = await sessions.create({
    sub: 'c',
    provider: 'salesforce',
    displayName: 'C',
    email: 'c@example.com',
    kind: 'customer',
  });
  return `${config.sessions.cookieName}=${id}`;
}

function expectFramingAndSniffing(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'self'");
}

describe('security headers of a portal on https', () => {
  let app: FastifyInstance;
  let config: PortalConfig;
  let store: SqliteSessionStore;
  let cookie: string;
  let searchClientDist: string;

  beforeAll(async () => {
    config = testConfig({ publicUrl: 'https://docs.acme-data.example', docSets: docSets() });
    store = new SqliteSessionStore(':memory:');
    searchClientDist = mkdtempSync(path.join(tmpdir(), 'search-client-dist-'));
    mkdirSync(path.join(searchClientDist, 'v2'));
    writeFileSync(path.join(searchClientDist, 'v2/index.html'), '<!DOCTYPE html><title>c</title>');
    app = await buildApp(config, {
      sessionStore: store,
      webDistDir: WEB_DIST,
      searchClientDistDir: searchClientDist,
      logger: false,
    });
    cookie = await customerCookie(store, config);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(config.dataDir, { recursive: true, force: true });
    rmSync(searchClientDist, { recursive: true, force: true });
  });

  it('frames doc pages only from the portal, without a script policy, with referrer policy and HSTS', async () => {
    const page = await app.inject({ url: PAGE, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('topic-marker');
    expectFramingAndSniffing(page.headers);
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBe(HSTS);
    const revalidated = await app.inject({
      url: PAGE,
      headers: { cookie, 'if-none-match': String(page.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expectFramingAndSniffing(revalidated.headers);
  });

  it('marks JSON answers nosniff, signed in or not', async () => {
    for (const headers of [{ cookie }, {}]) {
      const answer = await app.inject({ url: '/docs/user', headers });
      expect(answer.headers['content-type']).toContain('application/json');
      expectFramingAndSniffing(answer.headers);
      expect(answer.headers['strict-transport-security']).toBe(HSTS);
    }
    const missing = await app.inject({ url: '/docs/no/such/thing', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the web app policy whole and adds what it lacked to the search client pages', async () => {
    const ui = await app.inject({ url: '/docs/ui/' });
    const policy = String(ui.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy.match(/frame-ancestors/g)).toHaveLength(1);
    expectFramingAndSniffing(ui.headers);
    expect(ui.headers['strict-transport-security']).toBe(HSTS);
    const client = await app.inject({
      url: '/docs/search-client/v2/index.html',
      headers: { cookie },
    });
    expect(client.statusCode).toBe(200);
    expectFramingAndSniffing(client.headers);
    expect(client.headers['referrer-policy']).toBe('same-origin');
    expect(client.headers['strict-transport-security']).toBe(HSTS);
  });

  it('leaves the referrer policy off redirects, so the referrer a reader arrived with survives', async () => {
    const signedOut = await app.inject({ url: PAGE, headers: { accept: 'text/html' } });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers['referrer-policy']).toBeUndefined();
    expect(signedOut.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(signedOut.headers['strict-transport-security']).toBe(HSTS);
  });
});

describe('security headers of a portal on http', () => {
  it('sends no HSTS (browsers would ignore it, and it would pin a host that has no TLS)', async () => {
    const config = testConfig({ publicUrl: 'http://127.0.0.1:8080' });
    const app = await buildApp(config, {
      sessionStore: new SqliteSessionStore(':memory:'),
      webDistDir: WEB_DIST,
      logger: false,
    });
    try {
      const answer = await app.inject({ url: '/docs/user' });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expectFramingAndSniffing(answer.headers);
    } finally {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('security headers through nginx with X-Accel-Redirect', () => {
  let portal: AccelPortal;
  let nginx: NginxProcess;
  let store: SqliteSessionStore;
  let config: PortalConfig;
  let cookie: string;

  beforeAll(async () => {
    config = testConfig({ publicUrl: 'https://docs.acme-data.example', docSets: docSets() });
    store = new SqliteSessionStore(':memory:');
    portal = await startAccelPortal(config, {
      store,
      accelPrefix: '/_docsets',
      beforeRoutes: async (app) => app.register(securityHeaders, { config }),
    });
    nginx = portal.nginx;
    cookie = await customerCookie(store, config);
  }, 60_000);
  afterAll(async () => {
    await portal?.stop();
    await store?.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('repeats the portal security headers on files nginx serves itself', async () => {
    const page = await rawRequest(nginx.origin, PAGE, { cookie });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('topic-marker');
    expect(page.headers['x-accel-redirect']).toBeUndefined();
    expectFramingAndSniffing(page.headers);
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBe(HSTS);
    const json = await rawRequest(nginx.origin, '/docs/guide/Content/data.json', { cookie });
    expect(json.status).toBe(200);
    expect(json.headers['x-content-type-options']).toBe('nosniff');
  });

  it('passes the portal security headers through on proxied answers', async () => {
    const signedOut = await rawRequest(nginx.origin, PAGE, { accept: 'application/json' });
    expect(signedOut.status).toBe(401);
    expectFramingAndSniffing(signedOut.headers);
    expect(signedOut.headers['strict-transport-security']).toBe(HSTS);
  });
});

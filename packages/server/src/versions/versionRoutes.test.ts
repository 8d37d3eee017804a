import { rmSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageVersionsResponseSchema, type UserKind } from '@docs-portal/contracts';
import { docSetInput } from '../../test/content/contentHarness';
import { topicPage, writeFolder } from '../../test/content/docSetFolders';
import { testConfig } from '../../test/portalHarness';
import { parseConfig } from '../config/loadConfig';
import type { PortalConfig } from '../config/schema';
import { DocSetPublisher } from '../content/DocSetPublisher';
import { ServedReleases } from '../content/ServedReleases';
import { installErrorHandler } from '../errors/errorHandler';
import { SessionService } from '../sessions/SessionService';
import { sessionPlugin } from '../sessions/sessionPlugin';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import { versionRoutes } from './versionRoutes';

const home = (v: string) => `<html><head><title>Home ${v}</title></head><body>${v}</body></html>`;

// Vault 6.4, 6.5 and 6.10 (6.10 for employees only), one page moved in 6.10, one gone in 6.5.
const folders = {
  v64: writeFolder({
    'Default.htm': home('6.4'),
    'Content/Keys.htm': topicPage('Vault keys', '6.4'),
    'Content/Old/Tokens.htm': topicPage('Vault tokens', '6.4'),
    'Content/Legacy.htm': topicPage('Legacy import', '6.4'),
  }),
  v65: writeFolder({
    'Default.htm': home('6.5'),
    'Content/Keys.htm': topicPage('Vault keys', '6.5'),
    'Content/New/Tokens.htm': topicPage('Vault tokens', '6.5'),
  }),
  v610: writeFolder({
    'Default.htm': home('6.10'),
    'Content/Keys.htm': topicPage('Vault keys', '6.10'),
  }),
  other: writeFolder({ 'Content/Keys.htm': topicPage('Vault keys', 'runbook') }),
  orbit1: writeFolder({ 'Content/A.htm': topicPage('Orbit A', '1') }),
  orbit2: writeFolder({
    'Content/C.htm': topicPage('Orbit C', '2'),
    'Content/B.htm': topicPage('Orbit B', '2'),
    'Content/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  }),
};

let app: FastifyInstance;
let config: PortalConfig;
let library: ServedReleases;
let store: SqliteSessionStore;
let sessions: SessionService;

beforeAll(async () => {
  config = testConfig({
    docSets: [
      docSetInput('vault-6-4', 'Vault/6_4', folders.v64, {
        version: '6.4',
        defaultPage: 'Default.htm',
      }),
      docSetInput('vault-6-5', 'Vault/6_5', folders.v65, {
        version: '6.5',
        defaultPage: 'Default.htm',
      }),
      docSetInput('vault-6-10', 'Vault/6_10', folders.v610, {
        version: '6.10',
        defaultPage: 'Default.htm',
        audience: ['employee'],
      }),
      // Same product, another doc type: not a version of the guide.
      docSetInput('runbooks', 'Runbooks', folders.other, { docType: 'Runbook', version: '7.0' }),
      // Renamed product, one group; no default pages.
      docSetInput('orbit-1', 'Orbit/1', folders.orbit1, {
        product: 'Orbit',
        version: '1.0',
        versionGroup: 'orbit',
      }),
      docSetInput('orbit-2', 'Orbit/2', folders.orbit2, {
        product: 'Orbit Cloud',
        version: '2.0',
        versionGroup: 'orbit',
      }),
    ],
  });
  store = new SqliteSessionStore(':memory:');
  sessions = new SessionService(store, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  await new DocSetPublisher(config).publishFirstReleases();
  library = new ServedReleases(config, { pollIntervalMs: 0 });
  await library.start();
  app = Fastify({ logger: false });
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(
    async (portal) => {
      await portal.register(sessionPlugin, { config, sessions });
      await portal.register(versionRoutes, { config, library });
    },
    { prefix: config.basePath },
  );
});

afterAll(async () => {
  await app?.close();
  await library?.close();
  await store?.close();
  rmSync(config.dataDir, { recursive: true, force: true });
  for (const folder of Object.values(folders)) rmSync(folder, { recursive: true, force: true });
});

async function ask(kind: UserKind | null, path: string) {
  const headers: Record<string, string> = {};
  if (kind !== null) {
    const id = await sessions.create({
      sub: kind,
      provider: kind === 'employee' ? 'employee' : 'salesforce',
      displayName: kind,
      email: `${kind}@example.com`,
      kind,
    });
    headers.cookie = `${config.sessions.cookieName}=${id}`;
  }
  const url = `/docs/page-versions?path=${encodeURIComponent(path)}`;
  return app.inject({ method: 'GET', url, headers });
}

const brief = (body: unknown) =>
  PageVersionsResponseSchema.parse(body).versions.map(
    (v) => `${v.version} ${v.match} ${v.url}${v.current ? ' (current)' : ''}`,
  );

describe('GET /page-versions', () => {
  it('lists the versions a customer may read, newest first, landing on the same page', async () => {
    const response = await ask('customer', '/docs/Vault/6_4/Content/Keys.htm#Rotation');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(brief(body)).toEqual([
      '6.5 page /docs/Vault/6_5/Content/Keys.htm',
      '6.4 page /docs/Vault/6_4/Content/Keys.htm (current)',
    ]);
    expect(body.newest).toMatchObject({ version: '6.5', url: '/docs/Vault/6_5/Content/Keys.htm' });
    expect(response.body).not.toContain('6.10');
    expect(response.body).not.toContain('runbooks');
  });

  it('gives employees the employee-only newest version too', async () => {
    const body = (await ask('employee', '/docs/Vault/6_5/Content/Keys.htm')).json();
    expect(brief(body)).toEqual([
      '6.10 page /docs/Vault/6_10/Content/Keys.htm',
      '6.5 page /docs/Vault/6_5/Content/Keys.htm (current)',
      '6.4 page /docs/Vault/6_4/Content/Keys.htm',
    ]);
    expect(body.newest.version).toBe('6.10');
  });

  it('lands on the page with the same title, else on the version home, never a missing page', async () => {
    const body = (await ask('employee', '/docs/Vault/6_4/Content/Old/Tokens.htm')).json();
    expect(brief(body)).toEqual([
      '6.10 home /docs/Vault/6_10/',
      '6.5 title /docs/Vault/6_5/Content/New/Tokens.htm',
      '6.4 page /docs/Vault/6_4/Content/Old/Tokens.htm (current)',
    ]);
  });

  it('groups doc sets by versionGroup, and lands on the first page of a version without a default page', async () => {
    const body = (await ask('customer', '/docs/Orbit/1/Content/A.htm')).json();
    expect(brief(body)).toEqual([
      '2.0 home /docs/Orbit/2/Content/B.htm',
      '1.0 page /docs/Orbit/1/Content/A.htm (current)',
    ]);
  });

  it('has no outdated version for a page of the newest version the reader may read', async () => {
    expect((await ask('customer', '/docs/Vault/6_5/Content/Keys.htm')).json().newest).toBeNull();
    expect((await ask('employee', '/docs/Vault/6_10/')).json().newest).toBeNull();
  });

  it('answers 404 for a page the reader may not read or that does not exist, 401 signed out', async () => {
    const hidden = await ask('customer', '/docs/Vault/6_10/Content/Keys.htm');
    const missing = await ask('customer', '/docs/Vault/6_5/Content/Nope.htm');
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect((await ask('customer', '/docs/Vault/6_5/../6_10/Content/Keys.htm')).statusCode).toBe(
      404,
    );
    expect((await ask(null, '/docs/Vault/6_5/Content/Keys.htm')).statusCode).toBe(401);
  });

  it('refuses a request without a path or with an unknown parameter (400)', async () => {
    const cookie = await ask('customer', '/docs/Vault/6_5/Content/Keys.htm');
    expect(cookie.statusCode).toBe(200);
    const id = await sessions.create({
      sub: 'c',
      provider: 'salesforce',
      displayName: 'c',
      email: 'c@example.com',
      kind: 'customer',
    });
    const headers = { cookie: `${config.sessions.cookieName}=${id}` };
    for (const url of ['/docs/page-versions', '/docs/page-versions?path=/docs/x&evil=1']) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('bad_request');
    }
  });
});

describe('versionGroup config', () => {
  it('accepts a group name and refuses an empty or odd one with the field path', () => {
    const base = { dataDir: config.dataDir, logLevel: 'silent' };
    const withGroup = (versionGroup: string) => ({
      ...base,
      docSets: [{ ...docSetInput('a', 'A', folders.v64), versionGroup }],
    });
    expect(parseConfig(withGroup('Vault 6.x'), { env: {} }).docSets[0]?.versionGroup).toBe(
      'Vault 6.x',
    );
    for (const bad of ['', ' lead', 'a/b', 'x'.repeat(101)]) {
      expect(() => parseConfig(withGroup(bad), { env: {} })).toThrow(/docSets\[0\]\.versionGroup/);
    }
  });
});

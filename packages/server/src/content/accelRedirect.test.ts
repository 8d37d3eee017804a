import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NginxProcess } from '@docs-portal/scripts/cluster';
import { startAccelPortal, type AccelPortal } from '../../test/content/accelPortal';
import { docSetInput, rawRequest } from '../../test/content/contentHarness';
import { topicPage, versionedSite, writeFolder } from '../../test/content/docSetFolders';
import { testConfig } from '../../test/portalHarness';
import type { SessionService } from '../sessions/SessionService';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import type { ServedReleases } from './ServedReleases';

const PAGE = '/docs/6_5/Web/UserGuide/Content/Jobs/CreateJob.htm';
const ACCEL = '/_docsets';

let app: FastifyInstance;
let library: ServedReleases;
let store: SqliteSessionStore;
let nginx: NginxProcess;
let portal: AccelPortal;
let sessions: SessionService;
let dataDir: string;
let customer: string;
let release: number;

beforeAll(async () => {
  const config = testConfig({
    docSets: [
      docSetInput('guide', '6_5/Web/UserGuide', writeFolder(versionedSite('v1'))),
      docSetInput(
        'runbooks',
        'Internal/Runbooks',
        writeFolder({ 'Content/Runbook.htm': topicPage('Runbook', 'secret-runbook', 2000) }),
        { audience: ['employee'] },
      ),
    ],
  });
  dataDir = config.dataDir;
  store = new SqliteSessionStore(':memory:');
  portal = await startAccelPortal(config, { store, accelPrefix: ACCEL });
  ({ app, library, nginx, sessions } = portal);
  release = library.current('guide')?.release ?? 0;
  const id = await sessions.create({
    sub: 'c',
    provider: 'salesforce',
    displayName: 'C',
    email: 'c@example.com',
    kind: 'customer',
  });
  customer = `${config.sessions.cookieName}=${id}`;
}, 60_000);

afterAll(async () => {
  await portal?.stop();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('X-Accel-Redirect mode: the portal authorises, nginx serves the file', () => {
  it('answers a signed-in reader with an empty body naming the file inside its release', async () => {
    const response = await app.inject({ url: PAGE, headers: { cookie: customer } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBe(
      `${ACCEL}/guide/releases/${release}/Content/Jobs/CreateJob.htm`,
    );
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });

  it('percent-encodes each segment of the file path', async () => {
    const response = await app.inject({
      url: '/docs/6_5/Web/UserGuide/Content/Guide%20Topics/%C3%9Cber%20Restore.htm',
      headers: { cookie: customer },
    });
    expect(response.headers['x-accel-redirect']).toBe(
      `${ACCEL}/guide/releases/${release}/Content/Guide%20Topics/%C3%9Cber%20Restore.htm`,
    );
  });

  it('hands nothing to nginx for a reader without a session or outside the audience', async () => {
    const signedOut = await app.inject({ url: PAGE, headers: { accept: 'text/html' } });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers['x-accel-redirect']).toBeUndefined();
    const outside = await app.inject({
      url: '/docs/Internal/Runbooks/Content/Runbook.htm',
      headers: { cookie: customer },
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.headers['x-accel-redirect']).toBeUndefined();
  });

  it('through nginx, serves the published file with the portal type and caching headers', async () => {
    const response = await rawRequest(nginx.origin, PAGE, { cookie: customer });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-accel-redirect']).toBeUndefined();
    expect(response.body.toString()).toContain('Create a protection job');
    const conditional = await rawRequest(nginx.origin, PAGE, {
      cookie: customer,
      'if-none-match': String(response.headers.etag),
    });
    expect(conditional.status).toBe(304);
  });

  it('through nginx, serves names with spaces and UTF-8, and the gzip sibling when accepted', async () => {
    const spaced = await rawRequest(
      nginx.origin,
      '/docs/6_5/Web/UserGuide/Content/Guide%20Topics/%C3%9Cber%20Restore.htm',
      { cookie: customer },
    );
    expect(spaced.status).toBe(200);
    expect(spaced.body.toString()).toContain('Restore a VM');
    const gz = await rawRequest(nginx.origin, PAGE, {
      cookie: customer,
      'accept-encoding': 'gzip',
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('Create a protection job');
  });

  it('through nginx, refuses the internal file paths to readers and still asks for sign-in', async () => {
    const internal = await rawRequest(
      nginx.origin,
      `${ACCEL}/guide/releases/${release}/Content/Jobs/CreateJob.htm`,
      { cookie: customer },
    );
    expect(internal.status).toBe(404);
    const signedOut = await rawRequest(nginx.origin, PAGE, { accept: 'text/html' });
    expect(signedOut.status).toBe(302);
    expect(signedOut.body.length).toBe(0);
  });
});

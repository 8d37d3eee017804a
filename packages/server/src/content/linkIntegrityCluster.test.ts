import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccelPortal, type AccelPortal } from '../../test/content/accelPortal';
import { docSetInput, rawRequest } from '../../test/content/contentHarness';
import { writeFolder } from '../../test/content/docSetFolders';
import { GUIDE_V1, GUIDE_V2 } from '../../test/content/linkSites';
import { testConfig } from '../../test/portalHarness';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import { DocSetPublisher } from './DocSetPublisher';

const GUIDE = '/docs/Guide';
const replicas: Array<{ portal: AccelPortal; cookie: string }> = [];
let store: SqliteSessionStore;
let dataDir: string;

beforeAll(async () => {
  const config = testConfig({
    docSets: [docSetInput('guide', 'Guide', writeFolder(GUIDE_V1), { defaultPage: 'Default.htm' })],
  });
  dataDir = config.dataDir;
  store = new SqliteSessionStore(':memory:');
  // Two replicas over one content store, each behind its own nginx serving the files (X-Accel).
  for (let i = 0; i < 2; i++) {
    const portal = await startAccelPortal(config, { store, accelPrefix: '/_docsets' });
    const id = await portal.sessions.create({
      sub: `r${i}`,
      provider: 'salesforce',
      displayName: 'R',
      email: 'r@example.com',
      kind: 'customer',
    });
    replicas.push({ portal, cookie: `${config.sessions.cookieName}=${id}` });
  }
  // Published by the CLI's publisher, as an operator would; each replica follows the pointer.
  await new DocSetPublisher(config).publish('guide', writeFolder(GUIDE_V2));
  for (const { portal } of replicas) await portal.library.refresh('guide');
}, 60_000);

afterAll(async () => {
  for (const { portal } of replicas) await portal.stop();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('link integrity on every replica of a cluster (nginx serving the files)', () => {
  it('answers the same redirects, removed pages and anchor aliases through each nginx', async () => {
    for (const { portal, cookie } of replicas) {
      const origin = portal.nginx.origin;
      const moved = await rawRequest(origin, `${GUIDE}/Content/Install.htm`, { cookie });
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe(`${GUIDE}/Content/Setup/Install.htm`);
      const removed = await rawRequest(origin, `${GUIDE}/Content/Legacy.htm`, {
        cookie,
        accept: 'application/json',
      });
      expect(removed.status).toBe(404);
      expect(JSON.parse(removed.body.toString())).toMatchObject({ removedInRelease: 2 });
      const renamed = await rawRequest(origin, `${GUIDE}/Content/Backup.htm`, { cookie });
      expect(renamed.status).toBe(200);
      expect(renamed.body.toString()).toContain(
        '<span id="schedule"></span><h2 id="schedule-backups"',
      );
    }
  });
});

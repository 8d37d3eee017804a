import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDocSet, topicPage, writeFolder } from '../../test/content/docSetFolders';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { timed } from '../../test/services/eventually';
import { holdSqliteLocks } from '../../test/services/holdSqliteLocks';

/** What "answers fast" means here: far below SQLite's old 5 s busy wait. */
const FAST_MS = 400;

let portal: RunningPortal;
let clock = Date.now();

beforeAll(async () => {
  const folder = writeFolder({ 'Content/Jobs.htm': topicPage('Jobs', 'quokkaword', 2000) });
  portal = await startPortal({ docSets: [guideDocSet(folder)] }, { now: () => clock });
  await portal.app.searchIndexing.ready;
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

describe('a portal whose sessions and analytics files another process has locked', () => {
  it('keeps answering probes, pages and searches at once, and sessions recover when the lock goes', async () => {
    const reader = portal.client();
    await signIn(reader, 'customer');
    const files = ['sessions.sqlite', 'analytics.sqlite'].map((f) =>
      path.join(portal.config.dataDir, f),
    );
    const holder = await holdSqliteLocks(files);
    try {
      // The reader's session is due for an activity write, which cannot happen now.
      clock += 2 * 60_000;
      const newcomer = portal.client();
      // A sign-in has to write its pending state: it waits for the lock without holding others up.
      const signInStart = newcomer.request('/docs/auth/salesforce');
      const answers = await Promise.all(
        [
          () => portal.client().request('/docs/healthz'),
          () => reader.request('/docs/user'),
          () => reader.request('/docs/Guide/Content/Jobs.htm'),
          () => reader.request('/docs/search?q=quokkaword'),
        ].map(async (ask) => {
          let status = 0;
          const took = await timed(async () => {
            status = (await ask()).status;
          });
          return { status, ms: took.ms };
        }),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      for (const answer of answers) expect(answer.ms).toBeLessThan(FAST_MS);
      expect([302, 503]).toContain((await signInStart).status);
    } finally {
      await holder.release();
    }

    const newcomer = portal.client();
    await signIn(newcomer, 'employee', { provider: 'employee' });
    expect((await newcomer.request('/docs/user')).status).toBe(200);
    // The search made during the lock was kept and written once the file was free.
    const report = await newcomer.request('/docs/analytics/report');
    expect(report.status).toBe(200);
    const { topQueries } = (await report.json()) as { topQueries: { query: string }[] };
    expect(topQueries.map((q) => q.query)).toContain('quokkaword');
  }, 30_000);
});

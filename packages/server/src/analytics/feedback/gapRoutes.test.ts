import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFeedbackApp, type FeedbackApp } from '../../../test/feedback/feedbackHarness';
import { createTestDatabase, type TestDatabase } from '../../../test/services/testServers';
import type { AnalyticsStore } from '../AnalyticsStore';
import { PostgresAnalyticsStore } from '../PostgresAnalyticsStore/PostgresAnalyticsStore';

const AT = new Date('2025-03-20T10:00:00Z');
const PERIOD = 'from=2025-03-01&to=2025-03-31';

async function seed(h: FeedbackApp): Promise<void> {
  const search = (query: string, resultCount: number, offsetMs = 0, product = 'Data Platform') =>
    h.store.recordSearch({
      query,
      filters: { product: [product] },
      resultCount,
      tookMs: 1,
      kind: 'customer',
      at: new Date(AT.getTime() + offsetMs),
    });
  await search('<script>alert(1)</script>', 0);
  await search('<script>alert(1)</script>', 0, 10 * 60_000);
  await search('=HYPERLINK("http://evil")', 0, 20 * 60_000);
  await search('helios agent', 0, 30 * 60_000, 'Helios');
  const answer = (docSetId: string, page: string, key: string, comment: string | null) =>
    h.store.recordFeedback({
      docSetId,
      release: 1,
      page,
      anchor: 'step-2',
      helpful: false,
      reason: 'incorrect',
      comment,
      kind: 'partner',
      at: AT,
      dedupeKey: key,
    });
  await answer('guide', 'install/a.htm', 'k1', 'Tom & "Jerry" > 5');
  await h.store.recordClick({
    query: 'install agent',
    rank: 2,
    url: '/docs/guide/install/a.htm?Highlight=install#step-2',
    kind: 'partner',
    at: AT,
  });
  await answer('partners', 'deals.htm', 'k2', 'partner secret page');
  await h.store.recordMissingLanding({
    docSetId: 'guide',
    path: 'old.htm',
    kind: 'customer',
    at: AT,
  });
  await h.store.recordMissingLanding({
    docSetId: 'partners',
    path: 'old-deals.htm',
    kind: 'partner',
    at: AT,
  });
}

function gapRouteSuite(name: string, makeStore?: () => Promise<AnalyticsStore>) {
  describe(`feedback and gap views (${name})`, () => {
    let h: FeedbackApp;
    beforeEach(async () => {
      h = await startFeedbackApp({ store: makeStore ? await makeStore() : undefined });
      await seed(h);
    });
    afterEach(async () => {
      await h.close();
    });

    const get = async (url: string, kind: 'customer' | 'partner' | 'employee' = 'employee') =>
      h.app.inject({ url, headers: await h.signedIn(kind) });

    it('answers 404 to customers and partners on every feedback, gap and report route', async () => {
      for (const url of [
        '/docs/analytics',
        `/docs/analytics/feedback?${PERIOD}`,
        `/docs/analytics/gaps?${PERIOD}`,
        `/docs/analytics/gaps.csv?${PERIOD}`,
      ]) {
        for (const kind of ['customer', 'partner'] as const) {
          const answer = await get(url, kind);
          expect(answer.statusCode, `${kind} ${url}`).toBe(404);
          expect(answer.body).not.toContain('script');
        }
      }
    });

    it('lists the feedback of readable doc sets only, newest first', async () => {
      const answer = await get(`/docs/analytics/feedback?${PERIOD}`);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.feedback).toEqual([
        {
          docSetId: 'guide',
          release: 1,
          page: 'install/a.htm',
          anchor: 'step-2',
          helpful: false,
          reason: 'incorrect',
          comment: 'Tom & "Jerry" > 5',
          kind: 'partner',
          at: AT.toISOString(),
        },
      ]);
    });

    it('ranks the gaps with counts, samples and actions, leaving out doc sets the viewer may not read', async () => {
      const body = (await get(`/docs/analytics/gaps?${PERIOD}`)).json();
      expect(body.gaps[0]).toEqual({
        kind: 'zero-result',
        docSetId: null,
        docSetTitle: null,
        subject: '<script>alert(1)</script>',
        count: 2,
        samples: ['<script>alert(1)</script>'],
        action: 'add-synonym',
      });
      const kinds = body.gaps.map(
        (g: { kind: string; subject: string }) => `${g.kind} ${g.subject}`,
      );
      expect(kinds).toContain('negative-feedback install/a.htm');
      expect(body.gaps.find((g: { kind: string }) => g.kind === 'negative-feedback')).toMatchObject(
        { samples: ['install agent'], reasons: ['Incorrect (1)'] },
      );
      expect(kinds).toContain('missing-page old.htm');
      expect(JSON.stringify(body)).not.toContain('deals');
      const guide = (await get(`/docs/analytics/gaps?${PERIOD}&docSet=guide`)).json();
      const subjects = guide.gaps.map((g: { subject: string }) => g.subject);
      expect(subjects).toContain('install/a.htm');
      expect(subjects).not.toContain('helios agent');
      const runbooks = (await get(`/docs/analytics/gaps?${PERIOD}&docSet=runbooks`)).json();
      expect(runbooks.gaps.map((g: { subject: string }) => g.subject)).toEqual(['helios agent']);
    });

    it('answers 400 to a doc set the viewer may not read, as to one that does not exist', async () => {
      const hidden = await get(`/docs/analytics/gaps?${PERIOD}&docSet=partners`);
      const unknown = await get(`/docs/analytics/gaps?${PERIOD}&docSet=nothing`);
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json()).toEqual(unknown.json());
      expect(hidden.json().message).toBe('docSet: is not a doc set you can read');
      expect((await get('/docs/analytics/gaps?from=2025-02-30')).statusCode).toBe(400);
    });

    it('exports the gaps as CSV with formula cells made text', async () => {
      const answer = await get(`/docs/analytics/gaps.csv?${PERIOD}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(
        'attachment; filename="content-gaps-2025-03-01-to-2025-03-31.csv"',
      );
      const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Gap,Doc set,Query or page,Count,Samples,Suggested action');
      expect(lines).toContain(
        `Found nothing,All,"'=hyperlink(""http://evil"")",1,"'=hyperlink(""http://evil"")",Add a synonym`,
      );
      expect(lines).toContain('Landing on a missing page,Guide <One>,old.htm,1,,Fix the page');
      expect(answer.body).not.toContain('deals');
    });

    it('shows feedback and gaps on the analytics page with every value escaped', async () => {
      const answer = await get(`/docs/analytics?${PERIOD}`);
      expect(answer.statusCode).toBe(200);
      const html = answer.body;
      expect(html).toContain('<h2 id="gaps-title">Content gaps</h2>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
      expect(html).toContain('Tom &amp; &quot;Jerry&quot; &gt; 5');
      expect(html).toContain('Guide &lt;One&gt;');
      expect(html).not.toContain('Guide <One>');
      expect(html).toContain('href="/docs/guide/install/a.htm#step-2"');
      expect(html).not.toContain('Partner notes');
      expect(html).not.toContain('partner secret page');
      expect(html).toContain(`href="/docs/analytics/gaps.csv?from=2025-03-01&amp;to=2025-03-31"`);
      const narrowed = (await get(`/docs/analytics?${PERIOD}&docSet=runbooks`)).body;
      expect(narrowed).toContain('<option value="runbooks" selected>Runbooks</option>');
      expect(narrowed).not.toContain('Tom &amp;');
      const refused = await get(`/docs/analytics?${PERIOD}&docSet=partners`);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('That doc set cannot be shown. Choose one from the list.');
    });
  });
}

gapRouteSuite('sqlite');

let database: TestDatabase;
let admin: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Pool({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

gapRouteSuite('postgres', async () => {
  const store = await PostgresAnalyticsStore.open({ url: database.url, poolSize: 2 });
  await admin.query(
    'TRUNCATE search_events, click_events, feedback_events, missing_landings, analytics_salt, gap_deliveries',
  );
  return store;
});

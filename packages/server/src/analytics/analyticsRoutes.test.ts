import { rmSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import type { UserKind } from '@docs-portal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/portalHarness';
import type { PortalConfig } from '../config/schema';
import { installErrorHandler } from '../errors/errorHandler';
import { SessionService } from '../sessions/SessionService';
import { sessionPlugin } from '../sessions/sessionPlugin';
import { SqliteSessionStore } from '../sessions/SqliteSessionStore/SqliteSessionStore';
import { xsrfPlugin } from '../xsrf/xsrfPlugin';
import { analyticsRoutes } from './analyticsRoutes';
import { SearchEventRecorder } from './recordSearchEvent';
import { SqliteAnalyticsStore } from './SqliteAnalyticsStore/SqliteAnalyticsStore';

const TODAY = new Date('2025-03-20T12:00:00Z');

interface Harness {
  app: FastifyInstance;
  config: PortalConfig;
  store: SqliteAnalyticsStore;
  /** Cookie and XSRF headers of a signed-in reader of `kind`. */
  signedIn(kind: UserKind): Promise<Record<string, string>>;
}

/** The portal's session context in small: cookies, XSRF, sessions, a 404 like the portal's. */
async function harness(): Promise<Harness> {
  const docSet = { folder: '/nowhere', product: 'Data Platform', version: '1', docType: 'Guide' };
  const config = testConfig({
    docSets: [
      { ...docSet, id: 'guide', mount: 'guide', title: 'Guide' },
      {
        ...docSet,
        id: 'runbooks',
        mount: 'Internal/Runbooks',
        title: 'Runbooks',
        audience: ['employee'],
      },
    ],
  });
  const app = Fastify();
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(xsrfPlugin, { config });
  const sessions = new SessionService(new SqliteSessionStore(':memory:'), {
    idleMs: 3_600_000,
    absoluteMs: 3_600_000,
  });
  const store = new SqliteAnalyticsStore(':memory:');
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
      await portal.register(analyticsRoutes, {
        store,
        docSets: config.docSets,
        productName: 'Acme Docs & <Co>',
        now: () => TODAY,
      });
    },
    { prefix: config.basePath },
  );
  app.addHook('onClose', async () => {
    await store.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  return {
    app,
    config,
    store,
    async signedIn(kind) {
      const id = await sessions.create({
        sub: `${kind}-1`,
        provider: kind === 'employee' ? 'employee' : 'salesforce',
        displayName: 'Reader',
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

describe('analytics routes', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.app.close();
  });

  const postClick = async (headers: Record<string, string>, payload: unknown) =>
    h.app.inject({
      method: 'POST',
      url: '/docs/analytics/click',
      headers,
      payload: payload as object,
    });

  it('records a click with the reader kind and nothing else about them', async () => {
    const headers = await h.signedIn('partner');
    const answer = await postClick(headers, {
      query: ' Backup  VM ',
      rank: 2,
      url: '/docs/guide/a.htm?Highlight=backup#s1',
    });
    expect(answer.statusCode).toBe(204);
    const report = await h.store.report({
      from: new Date('2025-03-01'),
      to: new Date('2025-04-01'),
    });
    expect(report.clickThroughByRank).toEqual([{ rank: 2, clicks: 1, rate: 0 }]);
  });

  it('refuses a click without the XSRF header, without a session, or with a bad body', async () => {
    const headers = await h.signedIn('customer');
    const good = { query: 'backup', rank: 1, url: '/docs/a.htm' };
    expect((await postClick({ cookie: headers.cookie ?? '' }, good)).statusCode).toBe(403);
    expect(
      (await postClick({ cookie: 'XSRF-TOKEN=tok', 'x-xsrf-token': 'tok' }, good)).statusCode,
    ).toBe(401);
    expect(
      (await postClick({ cookie: 'XSRF-TOKEN=tok', 'x-xsrf-token': 'tok' }, { rank: 0 }))
        .statusCode,
    ).toBe(401);
    for (const bad of [
      { ...good, rank: 0 },
      { ...good, rank: 1001 },
      { ...good, rank: 1.5 },
      { ...good, query: '  ' },
      { ...good, query: 'x'.repeat(501) },
      { ...good, url: 'https://evil.example/docs/a.htm' },
      { ...good, url: '//evil.example/docs/a.htm' },
      { ...good, url: '/elsewhere/a.htm' },
      { ...good, url: '/docs/../elsewhere' },
      { ...good, url: '/docs\\a' },
      { ...good, extra: 1 },
    ]) {
      const answer = await postClick(headers, bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().code).toBe('bad_request');
    }
    const report = await h.store.report({ from: new Date(0), to: new Date('2030-01-01') });
    expect(report.clicks).toBe(0);
  });

  it('records a click only on a page of a doc set the reader may read, answering 204 either way', async () => {
    const clicks = async () =>
      (await h.store.report({ from: new Date(0), to: new Date('2030-01-01') })).clicks;
    const customer = await h.signedIn('customer');
    for (const url of [
      '/docs/Internal/Runbooks/Content/Escalation.htm?Highlight=escalation#matrix',
      '/docs/guide/../Internal/Runbooks/Content/Escalation.htm',
      '/docs/ui/search',
      '/docs/guidebook/a.htm',
    ]) {
      const answer = await postClick(customer, { query: 'escalation', rank: 1, url });
      expect(answer.statusCode, url).toBe(204);
      expect(answer.body).toBe('');
    }
    expect(await clicks()).toBe(0);
    const employee = await h.signedIn('employee');
    const url = '/docs/Internal/Runbooks/Content/Escalation.htm';
    expect((await postClick(employee, { query: 'escalation', rank: 1, url })).statusCode).toBe(204);
    expect(
      (await postClick(customer, { query: 'backup', rank: 3, url: '/docs/guide' })).statusCode,
    ).toBe(204);
    expect(await clicks()).toBe(2);
  });

  it('answers the report as JSON to employees, for the period asked', async () => {
    const recorder = new SearchEventRecorder(h.store, {
      now: () => new Date('2025-03-05T10:00:00Z'),
    });
    recorder.onSearch({
      request: {
        q: 'bakcup',
        product: [],
        version: [],
        docType: [],
        page: 1,
        pageSize: 10,
        explain: false,
      },
      response: {
        query: 'bakcup',
        total: 0,
        page: 1,
        pageSize: 10,
        tookMs: 1,
        hits: [],
        facets: { product: [], version: [], docType: [] },
        suggestion: 'backup',
      },
      kind: 'customer',
    });
    await recorder.flush();
    const headers = await h.signedIn('employee');
    const answer = await h.app.inject({
      url: '/docs/analytics/report?from=2025-03-01&to=2025-03-05',
      headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({
      from: '2025-03-01',
      to: '2025-03-05',
      searches: 1,
      zeroResultSearches: 1,
      clicks: 0,
      topQueries: [{ query: 'bakcup', searches: 1, averageResults: 0, clicks: 0 }],
      zeroResultQueries: [
        { query: 'bakcup', searches: 1, lastSearchedAt: '2025-03-05T10:00:00.000Z' },
      ],
      clickThroughByRank: [],
    });
    const before = await h.app.inject({
      url: '/docs/analytics/report?from=2025-03-01&to=2025-03-04',
      headers,
    });
    expect(before.json().searches).toBe(0);
  });

  it('covers the last 30 days by default', async () => {
    const answer = await h.app.inject({
      url: '/docs/analytics/report',
      headers: await h.signedIn('employee'),
    });
    expect(answer.json()).toMatchObject({ from: '2025-02-19', to: '2025-03-20' });
  });

  it('answers 400 naming the field for a bad period', async () => {
    const headers = await h.signedIn('employee');
    for (const query of [
      'from=2025-02-30',
      'from=yesterday',
      'from=2025-03-10&to=2025-03-01',
      'from=2020-01-01&to=2025-01-01',
      'team=x',
    ]) {
      const answer = await h.app.inject({ url: `/docs/analytics/report?${query}`, headers });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().code).toBe('bad_request');
    }
  });

  it('hides the report and the page from readers who are not employees, as a missing page', async () => {
    for (const kind of ['customer', 'partner'] as const) {
      const headers = await h.signedIn(kind);
      for (const url of [
        '/docs/analytics/report',
        '/docs/analytics',
        '/docs/analytics/report.csv',
        '/docs/analytics/report.csv?from=2025-03-01&to=2025-03-20',
      ]) {
        const answer = await h.app.inject({ url, headers });
        expect(answer.statusCode, `${kind} ${url}`).toBe(404);
        expect(answer.json()).toEqual({
          code: 'not_found',
          message: 'There is no page at this address.',
        });
      }
    }
    for (const url of ['/docs/analytics', '/docs/analytics/report.csv']) {
      const signedOut = await h.app.inject({ url });
      expect(signedOut.statusCode, url).toBe(401);
    }
  });

  it('shows employees an escaped HTML page with the period form and the three tables', async () => {
    const hostile = '<script>alert(1)</script>';
    const at = new Date('2025-03-18T08:00:00Z');
    await h.store.recordSearch({
      query: hostile,
      filters: {},
      resultCount: 0,
      tookMs: 1,
      kind: 'customer',
      at,
    });
    await h.store.recordClick({
      query: 'backup',
      rank: 1,
      url: '/docs/a.htm',
      kind: 'customer',
      at,
    });
    const answer = await h.app.inject({
      url: '/docs/analytics?from=2025-03-01&to=2025-03-20',
      headers: await h.signedIn('employee'),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    const html = answer.body;
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<input type="date" name="from" value="2025-03-01" required>');
    for (const caption of ['Top queries', 'Queries that found nothing', 'Click-through by rank']) {
      expect(html).toMatch(
        new RegExp(`<h2 id="[a-z-]+">${caption}</h2><div class="scroll" role="region"`),
      );
    }
    expect(html).toContain('href="/docs/analytics/report?from=2025-03-01&amp;to=2025-03-20"');
    expect(html).toContain('href="/docs/analytics/report.csv?from=2025-03-01&amp;to=2025-03-20"');
    expect(html).toContain('<a class="back" href="/docs/ui/">Back to the portal</a>');
    expect(html).toContain('<span>Acme Docs &amp; &lt;Co&gt;</span>');
    expect(html).toContain('<td class="n">1</td>');
  });

  it('shows the form again with the problem for a bad period', async () => {
    const answer = await h.app.inject({
      url: '/docs/analytics?from=2025-03-10&to=%22%3E%3Cb%3E',
      headers: await h.signedIn('employee'),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toContain('value="&quot;&gt;&lt;b&gt;"');
    expect(answer.body).not.toContain('"><b>');
    expect(answer.body).toContain('The end date is not a date of the calendar.');
    expect(answer.body).not.toContain('Download as CSV');
  });

  it("says what is wrong with the period in the reader's words and marks the date to fix", async () => {
    const headers = await h.signedIn('employee');
    const cases = [
      ['from=2025-03-10&to=2025-03-01', 'The end date is before the start date.', 'to'],
      ['from=2025-02-30&to=2025-03-01', 'The start date is not a date of the calendar.', 'from'],
      ['from=2020-01-01&to=2025-01-01', 'A report covers at most 731 days.', 'from'],
      ['team=x', 'Only a start date and an end date can be chosen', null],
    ] as const;
    for (const [query, said, field] of cases) {
      const answer = await h.app.inject({ url: `/docs/analytics?${query}`, headers });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body, query).toMatch(/<p class="error" id="period-problem" role="alert">/);
      expect(answer.body, query).toContain(said);
      expect(answer.body, query).not.toMatch(/(from|to|period): /);
      const invalid = [...answer.body.matchAll(/name="(from|to)"[^>]*aria-invalid="true"/g)].map(
        (m) => m[1],
      );
      expect(invalid, query).toEqual(field ? [field] : []);
    }
  });

  it('lets employees download the report as CSV, every cell safe in a spreadsheet', async () => {
    const at = new Date('2025-03-18T08:00:00Z');
    const search = (query: string, resultCount: number) =>
      h.store.recordSearch({ query, filters: {}, resultCount, tookMs: 1, kind: 'customer', at });
    await search('=HYPERLINK("http://evil.example","x")', 0);
    await search('backup, "restore"', 4);
    await search('+1', 2);
    await search('@sum', 2);
    await search('-2', 2);
    await h.store.recordClick({
      query: 'backup, "restore"',
      rank: 2,
      url: '/docs/a.htm',
      kind: 'customer',
      at,
    });
    const answer = await h.app.inject({
      url: '/docs/analytics/report.csv?from=2025-03-01&to=2025-03-20',
      headers: await h.signedIn('employee'),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="search-analytics-2025-03-01-to-2025-03-20.csv"',
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    const lines = answer.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Table,Query,Rank,Searches,Average results,Clicks,Click-through,Last searched (UTC)',
    );
    expect(lines).toContain('Totals,,,5,,1,0.2000,');
    expect(lines).toContain('Top queries,"backup, ""restore""",,1,4.0,1,1.0000,');
    expect(lines).toContain("Top queries,'+1,,1,2.0,0,0.0000,");
    expect(lines).toContain("Top queries,'@sum,,1,2.0,0,0.0000,");
    expect(lines).toContain("Top queries,'-2,,1,2.0,0,0.0000,");
    expect(lines).toContain(
      `Found nothing,"'=hyperlink(""http://evil.example"",""x"")",,1,0,,,2025-03-18 08:00:00`,
    );
    expect(lines).toContain('Rank,,2,,,1,0.2000,');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(line).not.toMatch(/(^|,)"?[=+\-@]/);
  });

  it('answers the CSV to a plain link click, with no XSRF header or cookie', async () => {
    const { cookie } = await h.signedIn('employee');
    const sessionOnly = (cookie ?? '').split('; ')[0] ?? '';
    const answer = await h.app.inject({
      url: '/docs/analytics/report.csv',
      headers: { cookie: sessionOnly },
    });
    expect(sessionOnly).not.toContain('XSRF');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="search-analytics-2025-02-19-to-2025-03-20.csv"',
    );
  });

  it('answers 400 JSON naming the field for a CSV of a bad period', async () => {
    const answer = await h.app.inject({
      url: '/docs/analytics/report.csv?from=2025-03-10&to=2025-03-01',
      headers: await h.signedIn('employee'),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'bad_request' });
    expect(answer.headers['content-disposition']).toBeUndefined();
  });
});

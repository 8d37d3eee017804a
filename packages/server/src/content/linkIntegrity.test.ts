import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { docSetInput } from '../../test/content/contentHarness';
import { writeFolder } from '../../test/content/docSetFolders';
import { API_V1, GUIDE_V1, GUIDE_V2, GUIDE_V3 } from '../../test/content/linkSites';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { eventually } from '../../test/services/eventually';
import { DocSetError } from './DocSetError';
import { DocSetPublisher, type PublishResult } from './DocSetPublisher';
import type { LinkReport } from './linkIntegrity';

let portal: RunningPortal;
let docSets: ReturnType<typeof guideAndApi>;
let publisher: DocSetPublisher;
let employee: BrowserlikeClient;
let customer: BrowserlikeClient;
const results: PublishResult[] = [];
const GUIDE = '/docs/Guide';
const HTML = { accept: 'text/html', 'sec-fetch-mode': 'navigate' };
const JSON_CALL = { accept: 'application/json', 'sec-fetch-mode': 'cors' };

/** A browser navigation (fetch cannot send Sec-Fetch-Mode: navigate), as `client`'s session. */
async function navigate(client: BrowserlikeClient, url: string) {
  const cookie = [...client.cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
  const answer = await portal.app.inject({ method: 'GET', url, headers: { ...HTML, cookie } });
  return { status: answer.statusCode, type: answer.headers['content-type'], html: answer.body };
}

/** Publishes `files` as the next guide release and waits until the portal serves `probe`. */
async function publishGuide(files: Record<string, string>, probe: string): Promise<PublishResult> {
  const result = await publisher.publish('guide', writeFolder(files));
  results.push(result);
  await eventually(async () => {
    const answer = await employee.request(`${GUIDE}/${probe}`);
    if (answer.status !== 200) throw new Error(`${probe} answers ${answer.status}`);
  });
  return result;
}

function guideAndApi() {
  return [
    docSetInput('guide', 'Guide', writeFolder(GUIDE_V1), {
      defaultPage: 'Default.htm',
      redirects: [
        { from: 'Content/Promo.htm', to: 'Content/Backup.htm#retention' },
        { from: 'Content/Quick.htm', to: 'Content/Tapes.htm' },
      ],
    }),
    docSetInput('api', 'Api', writeFolder(API_V1)),
    docSetInput(
      'runbooks',
      'Runbooks',
      writeFolder({
        'Tape.htm':
          '<html><head><title>Legacy tape export runbook</title></head><body><h1>Legacy tape export runbook</h1><p>Internal legacy tape export steps.</p></body></html>',
      }),
      { audience: ['employee'] },
    ),
  ];
}

beforeAll(async () => {
  docSets = guideAndApi();
  portal = await startPortal({ docSets });
  publisher = new DocSetPublisher(portal.config);
  employee = portal.client();
  await signIn(employee, 'employee', { provider: 'employee' });
  customer = portal.client();
  await signIn(customer, 'customer');
  // The first release was published at start-up; the search index must know its pages.
  await eventually(async () => {
    for (const q of ['tape%20libraries', 'runbook']) {
      const answer = await employee.request(`/docs/search?q=${q}`);
      const body = (await answer.json()) as { total: number };
      if (body.total === 0) throw new Error('not indexed yet');
    }
  });
  await publishGuide(GUIDE_V2, 'Content/Setup/Install.htm');
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

function reportOf(result: PublishResult): LinkReport {
  return JSON.parse(readFileSync(result.linkReportFile, 'utf8')) as LinkReport;
}

describe('release 2: pages moved, a heading renamed, a page removed', () => {
  it('answers 301 from a page moved with the same content to its new path', async () => {
    const answer = await employee.request(`${GUIDE}/Content/Archive.htm`);
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`${GUIDE}/Content/Storage/Archive.htm`);
  });

  it('answers 301 from a page moved with the same title (new content) and keeps the query', async () => {
    const answer = await employee.request(`${GUIDE}/Content/Install.htm?Highlight=agent`);
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(
      `${GUIDE}/Content/Setup/Install.htm?Highlight=agent`,
    );
  });

  it('keeps a renamed heading reachable: the old id sits right before the renamed heading', async () => {
    const html = await (await employee.request(`${GUIDE}/Content/Backup.htm`)).text();
    expect(html).toContain('<span id="schedule"></span><h2 id="schedule-backups"');
    expect(html).not.toContain('<span id="retention">');
  });

  it('lets an explicit redirect of the config win over the automatic one, with its fragment', async () => {
    const quick = await employee.request(`${GUIDE}/Content/Quick.htm`);
    expect(quick.status).toBe(301);
    expect(quick.headers.get('location')).toBe(`${GUIDE}/Content/Tapes.htm`);
    const promo = await employee.request(`${GUIDE}/Content/Promo.htm`);
    expect(promo.status).toBe(301);
    expect(promo.headers.get('location')).toBe(`${GUIDE}/Content/Backup.htm#retention`);
  });

  it('shows a browser the portal 404 page for a removed page, with the release and search hits', async () => {
    const answer = await navigate(employee, `${GUIDE}/Content/Legacy.htm`);
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^text\/html/);
    const html = answer.html;
    expect(html).toContain('This page was removed in release 2.');
    expect(html).toContain(`<a href="${GUIDE}/Content/Tapes.htm`);
    expect(html).toContain('value="Legacy tape export"');
  });

  it('offers only pages the reader may open: an employee-only hit is not shown to a customer', async () => {
    const forEmployee = await navigate(employee, `${GUIDE}/Content/Legacy.htm`);
    expect(forEmployee.html).toContain('<a href="/docs/Runbooks/Tape.htm');
    const forCustomer = await navigate(customer, `${GUIDE}/Content/Legacy.htm`);
    expect(forCustomer.status).toBe(404);
    expect(forCustomer.html).toContain('This page was removed in release 2.');
    expect(forCustomer.html).toContain(`<a href="${GUIDE}/Content/Tapes.htm`);
    expect(forCustomer.html).not.toContain('Runbooks');
    expect(forCustomer.html).not.toContain('runbook');
  });

  it('answers an API call for a removed page with JSON', async () => {
    const answer = await employee.request(`${GUIDE}/Content/Legacy.htm`, { headers: JSON_CALL });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      code: 'not_found',
      message: 'This page was removed in release 2.',
      removedInRelease: 2,
    });
  });

  it('answers a path that never existed with the plain 404 page', async () => {
    const answer = await navigate(employee, `${GUIDE}/Content/NeverWas.htm`);
    expect(answer.status).toBe(404);
    expect(answer.html).toContain('Page not found');
    expect(answer.html).not.toContain('was removed');
  });

  it('reports every broken internal link and anchor, telling new ones from known ones', () => {
    const [v2] = results as [PublishResult];
    const report = reportOf(v2);
    expect(report).toMatchObject({ docSetId: 'guide', release: 2, compared: true });
    const found = report.broken.map((b) => [b.href, b.reason, b.new]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['Content/Missing.htm', 'missing_page', false],
        ['Content/Nowhere.htm', 'missing_page', true],
        ['Content/Backup.htm#gone', 'missing_anchor', true],
        ['../Api/Gone.htm', 'missing_page', true],
        ['/docs/Api/Ref.htm#nope', 'missing_anchor', true],
        ['#top-of-home', 'missing_anchor', true],
      ]),
    );
    expect(report.brokenCount).toBe(7);
    expect(report.newCount).toBe(6);
    // Working links are not reported: moved pages, renamed anchors, another doc set's anchor, other sites.
    expect(found.map(([href]) => href)).not.toContain('../Api/Ref.htm#auth');
    expect(found.map(([href]) => href)).not.toContain('Content/Backup.htm#schedule-backups');
    expect(v2.redirectCount).toBe(3);
    expect(v2.removedCount).toBe(1);
  });

  it('refuses a --strict publish that adds a broken link and changes nothing', async () => {
    const worse = {
      ...GUIDE_V2,
      'Content/Tapes.htm': `${GUIDE_V2['Content/Tapes.htm']}<a href="Lost.htm">x</a>`,
    };
    const refused = await publisher
      .publish('guide', writeFolder(worse), { strict: true })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DocSetError);
    expect((refused as DocSetError).code).toBe('broken_links');
    expect((refused as DocSetError).details?.report?.broken).toContainEqual({
      page: 'Content/Tapes.htm',
      href: 'Lost.htm',
      reason: 'missing_page',
      new: true,
    });
    const [status] = (await publisher.list()).filter((s) => s.docSet.id === 'guide');
    expect(status?.current).toBe(2);
    expect(status?.releases.map((r) => r.release)).toEqual([1, 2]);
  });

  it('shows employees the last report of each doc set, and customers nothing', async () => {
    const json = await employee.request('/docs/analytics/links.json');
    expect(json.status).toBe(200);
    const body = (await json.json()) as {
      docSets: Array<{ docSetId: string; report: LinkReport }>;
    };
    const guide = body.docSets.find((d) => d.docSetId === 'guide');
    expect(guide?.report.release).toBe(2);
    expect(guide?.report.newCount).toBe(6);
    const page = await navigate(employee, '/docs/analytics/links');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<td data-label="Link">Content/Nowhere.htm</td>');
    // A link's text is escaped, never markup.
    expect(page.html).toContain('<td data-label="Link">Content/&lt;b&gt;x.htm</td>');
    const analytics = await navigate(employee, '/docs/analytics');
    expect(analytics.html).toContain(
      '<a href="/docs/analytics/links">Broken links at the last publish</a>',
    );
    for (const url of ['/docs/analytics/links', '/docs/analytics/links.json']) {
      const refused = await customer.request(url, { headers: JSON_CALL });
      expect(refused.status).toBe(404);
    }
  });
});

describe('release 3: moved again, renamed again, an old path back', () => {
  beforeAll(async () => {
    await publishGuide(GUIDE_V3, 'Content/Agents/Install.htm');
  }, 30_000);

  it('collapses the chain: the v1 and v2 paths both answer one 301 to the v3 path', async () => {
    for (const old of ['Content/Install.htm', 'Content/Setup/Install.htm']) {
      const answer = await employee.request(`${GUIDE}/${old}`);
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe(`${GUIDE}/Content/Agents/Install.htm`);
    }
  });

  it('serves a path that exists again instead of redirecting it', async () => {
    const answer = await employee.request(`${GUIDE}/Content/Archive.htm`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('back in version three');
  });

  it('keeps both older ids of a twice-renamed heading on the new heading', async () => {
    const html = await (await employee.request(`${GUIDE}/Content/Backup.htm`)).text();
    expect(html).toMatch(
      /(<span id="schedule"><\/span><span id="schedule-backups"><\/span>|<span id="schedule-backups"><\/span><span id="schedule"><\/span>)<h2 id="plan-backups"/,
    );
  });

  it('still says when a page removed two releases ago was removed', async () => {
    const answer = await employee.request(`${GUIDE}/Content/Legacy.htm`, { headers: JSON_CALL });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { removedInRelease: number }).removedInRelease).toBe(2);
  });

  it('lands every v1 URL on the right content or the removed page', async () => {
    const expected: Record<string, string | number> = {
      'Default.htm': 'Guide home',
      'Content/Install.htm': 'Version three install steps',
      'Content/Backup.htm': 'Plan backups',
      'Content/Archive.htm': 'back in version three',
      'Content/Legacy.htm': 404,
      'Content/Quick.htm': 'Tape libraries',
      'Content/Tapes.htm': 'Tape libraries',
    };
    expect(Object.keys(expected).sort()).toEqual(Object.keys(GUIDE_V1).sort());
    for (const [old, want] of Object.entries(expected)) {
      if (typeof want === 'number') {
        const removed = await navigate(employee, `${GUIDE}/${old}`);
        expect(removed.status, old).toBe(want);
        expect(removed.html).toContain('was removed in release 2');
        continue;
      }
      const { response } = await employee.follow(`${GUIDE}/${old}`);
      expect(response.status, old).toBe(200);
      expect(await response.text(), old).toContain(want);
    }
  });

  it('survives a restart: the redirects are read from the release on disk', async () => {
    const fresh = await startPortal({ dataDir: portal.config.dataDir, docSets });
    try {
      const client = fresh.client();
      await signIn(client, 'employee', { provider: 'employee' });
      const answer = await client.request(`${GUIDE}/Content/Install.htm`);
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe(`${GUIDE}/Content/Agents/Install.htm`);
    } finally {
      await fresh.app.close();
    }
  });

  it('writes the report next to the release', () => {
    const v3 = results[1] as PublishResult;
    expect(path.dirname(v3.linkReportFile)).toBe(v3.releaseDir);
    expect(reportOf(v3)).toMatchObject({ release: 3, brokenCount: 0, newCount: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomeSchema, type Home } from '@docs-portal/contracts';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { sampleDocSets, signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { htmlTitle } from './HomeContent';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal({ docSets: sampleDocSets() });
});
afterAll(async () => {
  await portal?.close();
});

async function reader(username: string): Promise<BrowserlikeClient> {
  const client = portal.client();
  await signIn(client, username, username === 'employee' ? { provider: 'employee' } : {});
  return client;
}

async function click(client: BrowserlikeClient, url: string): Promise<void> {
  const token = client.cookies.get('XSRF-TOKEN')?.value ?? '';
  const res = await client.request('/docs/analytics/click', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
    body: JSON.stringify({ query: 'helios', rank: 1, url }),
  });
  expect(res.status).toBe(204);
}

async function home(client: BrowserlikeClient): Promise<Home> {
  const res = await client.request('/docs/home');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return HomeSchema.parse(await res.json());
}

describe('GET /docs/home', () => {
  it('answers 401 JSON without a session', async () => {
    const res = await portal.client().request('/docs/home');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('unauthenticated');
  });

  it('lists only the doc sets the reader may read, with product, version, path and release date', async () => {
    const customer = await home(await reader('customer'));
    const ids = customer.docSets.map((docSet) => docSet.id);
    expect(ids).toContain('helios');
    expect(ids).not.toContain('support-runbooks');
    expect(customer.recentlyPublished.map((docSet) => docSet.id)).not.toContain('support-runbooks');
    const helios = customer.docSets.find((docSet) => docSet.id === 'helios');
    expect(helios).toMatchObject({ path: '/WebHelios/', product: 'Helios' });
    expect(Date.parse(helios?.publishedAt ?? '')).toBeGreaterThan(Date.now() - 3_600_000);
    expect(customer.recentlyPublished.length).toBeGreaterThan(0);
    const employee = await home(await reader('employee'));
    expect(employee.docSets.map((docSet) => docSet.id)).toContain('support-runbooks');
  });

  it('ranks the pages readers of the same kind opened, only existing pages they may read', async () => {
    const customer = await reader('customer');
    for (const hash of ['#a', '#b', '']) {
      await click(customer, `/docs/WebHelios/Content/Helios/Overview.htm?Highlight=x${hash}`);
    }
    await click(customer, '/docs/WebHelios/Content/Helios/Dashboard.htm');
    await click(customer, '/docs/WebHelios/Content/Helios/Gone.htm');
    await click(customer, '/docs/WebHelios/Content/Helios/Gone.htm');
    const employee = await reader('employee');
    await click(employee, '/docs/Internal/SupportRunbooks/Default.htm');
    await click(employee, '/docs/Internal/SupportRunbooks/Default.htm');

    const partnerView = await home(await reader('partner'));
    expect(partnerView.mostOpened).toEqual([]);
    expect((await home(customer)).mostOpened).toEqual([
      {
        title: 'Helios Overview',
        path: '/WebHelios/Content/Helios/Overview.htm',
        docSetTitle: expect.any(String),
        opens: 3,
      },
      {
        title: 'Global Dashboard',
        path: '/WebHelios/Content/Helios/Dashboard.htm',
        docSetTitle: expect.any(String),
        opens: 1,
      },
    ]);
    const employeeView = await home(employee);
    expect(employeeView.mostOpened.map((page) => page.path)).toEqual([
      '/Internal/SupportRunbooks/Default.htm',
    ]);
  });
});

describe('htmlTitle', () => {
  it('decodes entities and collapses spaces', () => {
    expect(htmlTitle('<head><title>\n What&#39;s  New &amp; Fixed</title>')).toBe(
      "What's New & Fixed",
    );
    expect(htmlTitle('<p>no title</p>')).toBe('');
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDocSets, signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { installErrorHandler } from './errorHandler';
import { ERROR_PAGE_CSP, renderErrorPage, searchWordsOf } from './errorPage';
import { PortalError } from './PortalError';

const SITE = { basePath: '/docs', productName: 'Acme Documentation', companyName: 'Acme Data' };
const NAVIGATE = { 'sec-fetch-mode': 'navigate', accept: 'text/html,*/*;q=0.8' };

describe('searchWordsOf', () => {
  it('keeps the words of the missing path, without base, extension, numbers or generator folders', () => {
    expect(searchWordsOf('/docs/WebHelios/Content/Helios/RestoreVM.htm?x=1#a', '/docs')).toBe(
      'Helios Restore VM',
    );
    expect(searchWordsOf('/docs/6_5/Web/UserGuide/Content/backup-policies.html', '/docs')).toBe(
      'User Guide backup policies',
    );
    expect(searchWordsOf('/docs/%E0%A4%A', '/docs')).toBe('');
    expect(searchWordsOf(`/docs/hi/${encodeURIComponent('स्थापना-गाइड')}.htm`, '/docs')).toBe(
      'hi स्थापना गाइड',
    );
  });
});

describe('renderErrorPage', () => {
  it('escapes every text it shows and allows only its own inline script and style', () => {
    const html = renderErrorPage({
      ...SITE,
      productName: '<b>Docs</b>',
      status: 404,
      searchWords: '"><script>alert(1)</script>',
      year: 2031,
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('&lt;b&gt;Docs&lt;/b&gt;');
    expect(ERROR_PAGE_CSP).toContain("default-src 'none'");
    expect(ERROR_PAGE_CSP).not.toContain('unsafe-inline');
  });
});

describe('error pages of the running portal', () => {
  let portal: RunningPortal;
  /** A signed-in request as a browser sends it (Node's fetch always says Sec-Fetch-Mode: cors). */
  const navigate = async (url: string, username?: string, headers = NAVIGATE) => {
    const client = portal.client();
    if (username) {
      await signIn(client, username, username === 'employee' ? { provider: 'employee' } : {});
    }
    const cookie = [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    return portal.app.inject({ url, headers: { ...headers, cookie } });
  };
  beforeAll(async () => {
    portal = await startPortal({ docSets: sampleDocSets() });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers a browser navigation to a missing page with the 404 page, prefilled search and way home', async () => {
    const res = await navigate('/docs/WebHelios/Content/Helios/RestoreVM.htm', 'customer');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(ERROR_PAGE_CSP);
    const html = res.body;
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toContain('action="/docs/ui/search"');
    expect(html).toContain('value="Helios Restore VM"');
    expect(html).toContain('href="/docs/ui/">Go to the portal home page');
  });

  it('answers the same 404 page for an employee-only doc set opened by a customer', async () => {
    const restricted = await navigate('/docs/Internal/SupportRunbooks/Default.htm', 'customer');
    const missing = await navigate('/docs/Internal/SupportRunbooksX/Default.htm', 'customer');
    expect(restricted.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    const page = (text: string) => text.replace(/value="[^"]*"/, '');
    expect(page(restricted.body)).toBe(page(missing.body));
    expect(restricted.body).toContain('<h1>Page not found</h1>');
    const employee = await navigate('/docs/Internal/SupportRunbooks/Default.htm', 'employee');
    expect(employee.statusCode).toBe(200);
  });

  it('keeps JSON for API calls and fetches of the same addresses', async () => {
    const client = portal.client();
    await signIn(client, 'customer');
    const fetched = await client.request('/docs/Internal/SupportRunbooks/Default.htm', {
      headers: { 'sec-fetch-mode': 'cors', accept: 'text/html' },
    });
    expect(fetched.status).toBe(404);
    expect(await fetched.json()).toEqual({
      code: 'not_found',
      message: 'There is no page at this address.',
    });
    const api = await client.request('/docs/no/such/api', { headers: { accept: '*/*' } });
    expect(api.headers.get('content-type')).toContain('application/json');
    const outside = await client.request('/elsewhere', { headers: { accept: 'application/json' } });
    expect(((await outside.json()) as { code: string }).code).toBe('not_found');
  });

  it('answers a navigation outside the base path with the 404 page', async () => {
    const res = await navigate('/elsewhere/Backup%20Guide');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('value="elsewhere Backup Guide"');
  });
});

describe('error pages from the error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandler(app, SITE);
    app.get('/boom', async () => {
      throw new Error('driver said: connect ECONNREFUSED 10.0.0.6:5432');
    });
    app.get('/down', async () => {
      throw new PortalError('unavailable', 'The session store does not answer.');
    });
    app.get('/bad', async () => {
      throw new PortalError('bad_request', 'q: required');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 500 and 503 pages to navigations without leaking the cause', async () => {
    const boom = await app.inject({ url: '/boom', headers: NAVIGATE });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).toContain('<h1>Something went wrong</h1>');
    expect(boom.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.6/);
    const down = await app.inject({ url: '/down', headers: NAVIGATE });
    expect(down.statusCode).toBe(503);
    expect(down.body).toContain('<h1>The portal is busy</h1>');
  });

  it('keeps JSON for API calls and for answers without a page (400)', async () => {
    const boom = await app.inject({ url: '/boom', headers: { accept: 'application/json' } });
    expect(boom.json()).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
    const bad = await app.inject({ url: '/bad', headers: NAVIGATE });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_request' });
  });
});

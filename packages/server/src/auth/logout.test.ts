import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';
import { renderSignOutPage, SIGN_OUT_PAGE_CSP } from './signOutPage';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.close();
});

async function signedIn(): Promise<BrowserlikeClient> {
  const client = portal.client();
  await signIn(client, 'customer');
  expect((await client.request('/docs/user')).status).toBe(200);
  return client;
}

describe('GET logout', () => {
  it.each([
    ['a cross-site link', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site link', { 'sec-fetch-site': 'same-site' }],
    ['a typed address', { 'sec-fetch-site': 'none' }],
    ['another site, by Referer', { referer: 'https://evil.example/page' }],
    ['an unknown source', {}],
  ])('asks before signing out after %s, and keeps the session', async (_name, headers) => {
    const client = await signedIn();
    const answer = await client.request('/docs/logout', { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toBe(SIGN_OUT_PAGE_CSP);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    const page = await answer.text();
    expect(page).toContain('<h1 id="sign-out-title">Sign out?</h1>');
    expect(page).toContain('Casey Customer');
    expect(page).toContain('data-action="/docs/logout"');
    expect((await client.request('/docs/user')).status).toBe(200);
  });

  it.each([
    ['Sec-Fetch-Site', { 'sec-fetch-site': 'same-origin' }],
    ['Referer (a browser without fetch metadata)', { referer: 'PORTAL/docs/ui/' }],
  ])('signs out at once when a portal page followed the link (%s)', async (_name, headers) => {
    const client = await signedIn();
    const init = {
      headers: Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, v.replace('PORTAL', portal.origin)]),
      ),
    };
    const answer = await client.request('/docs/logout', init);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toContain('/dev-idp/session/end');
    expect((await client.request('/docs/user')).status).toBe(401);
  });

  it('does not sign out on HEAD, even from a portal page', async () => {
    const client = await signedIn();
    const answer = await client.request('/docs/logout', {
      method: 'HEAD',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(answer.status).toBe(404);
    expect((await client.request('/docs/user')).status).toBe(200);
  });

  it('sends a reader without a session to the sign-in page, from anywhere', async () => {
    const answer = await portal
      .client()
      .request('/docs/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/docs/ui/login');
  });
});

describe('POST logout (the confirmation button)', () => {
  it('refuses a post without the XSRF header and keeps the session', async () => {
    const client = await signedIn();
    const answer = await client.request('/docs/logout', { method: 'POST' });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { code: string }).code).toBe('xsrf_mismatch');
    expect((await client.request('/docs/user')).status).toBe(200);
  });

  it('signs out with the XSRF header and names where to go next', async () => {
    const client = await signedIn();
    const token = client.cookies.get('XSRF-TOKEN')?.value ?? '';
    expect(token).not.toBe('');
    const answer = await client.request('/docs/logout', {
      method: 'POST',
      headers: { 'x-xsrf-token': token },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = (await answer.json()) as { location: string };
    expect(new URL(body.location).pathname).toBe('/dev-idp/session/end');
    expect(new URL(body.location).searchParams.get('post_logout_redirect_uri')).toBe(
      `${portal.origin}/docs/ui/login`,
    );
    expect((await client.request('/docs/user')).status).toBe(401);
  });
});

describe('the sign-out page', () => {
  const page = renderSignOutPage({
    basePath: '/docs',
    productName: 'Docs <img src=x onerror=alert(1)>',
    companyName: 'Acme" onmouseover="x',
    displayName: '</strong><script>alert(2)</script>',
    year: 2031,
  });

  it('escapes every text from config and claims', () => {
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>alert(2)');
    expect(page).not.toContain('Acme" onmouseover');
    expect(page).toContain('&lt;/strong&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).toContain('© 2031 Acme&quot; onmouseover=&quot;x Inc. All Rights Reserved.');
  });

  it('allows exactly its own inline script and style', () => {
    const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(SIGN_OUT_PAGE_CSP).toContain(`script-src '${hash(script)}'`);
    expect(SIGN_OUT_PAGE_CSP).toContain(`style-src '${hash(style)}'`);
    expect(SIGN_OUT_PAGE_CSP).toContain("frame-ancestors 'none'");
  });
});

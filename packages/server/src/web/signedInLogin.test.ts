import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';

const webDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/web-dist',
);
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal({}, { webDistDir });
});
afterAll(async () => {
  await portal?.close();
});

describe('the sign-in page for a reader already signed in', () => {
  it('sends them on to the portal, or to the redirectPath when it is one of ours', async () => {
    const client = portal.client();
    await signIn(client, 'customer');
    const plain = await client.request('/docs/ui/login');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/docs/ui/');
    const back = await client.request(
      `/docs/ui/login?redirectPath=${encodeURIComponent('/docs/ui/search/backup?x=1')}`,
    );
    expect(back.headers.get('location')).toBe('/docs/ui/search/backup?x=1');
    const away = await client.request(
      `/docs/ui/login?redirectPath=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(away.headers.get('location')).toBe('/docs/ui/');
  });

  it('still shows the sign-in page to a reader without a session', async () => {
    const res = await portal.client().request('/docs/ui/login?redirectPath=%2Fdocs%2Fui%2F');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});

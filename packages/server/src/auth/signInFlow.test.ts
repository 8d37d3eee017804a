import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';

let portal: RunningPortal;

beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.close();
});

describe('sign-in through the development identity provider over HTTP', () => {
  it('signs a customer in through single sign-on and returns to the path with its fragment', async () => {
    const client = portal.client();
    expect((await client.request('/docs/user')).status).toBe(401);
    const { finalLocation } = await signIn(client, 'customer', {
      returnTo: '/docs/ui/search/restore?x=1#results',
    });
    expect(finalLocation).toBe('/docs/ui/search/restore?x=1#results');
    const user = await client.request('/docs/user');
    expect(user.status).toBe(200);
    expect(await user.json()).toEqual({
      displayName: 'Casey Customer',
      email: 'casey.customer@example.com',
      kind: 'customer',
      canSeeAnalytics: false,
    });
  });

  it('signs a partner in through single sign-on and an employee through employee sign-in', async () => {
    const partner = portal.client();
    await signIn(partner, 'partner');
    expect(await (await partner.request('/docs/user')).json()).toMatchObject({
      kind: 'partner',
      displayName: 'Pat Partner',
    });
    const employee = portal.client();
    const { finalLocation } = await signIn(employee, 'employee', { provider: 'employee' });
    expect(finalLocation).toBe('/docs/ui/');
    expect(await (await employee.request('/docs/user')).json()).toMatchObject({ kind: 'employee' });
  });

  it('refuses an employee account on the customer path and a wrong password, with a readable form error', async () => {
    const client = portal.client();
    const refused = await signIn(client, 'employee');
    expect(refused.finalLocation).toBe('');
    expect(refused.loginForm.status).toBe(401);
    expect(await refused.loginForm.text()).toContain(
      'The employee account cannot use the customer and partner sign-in.',
    );
    expect((await client.request('/docs/user')).status).toBe(401);
    const wrong = portal.client();
    const start = await wrong.follow('/docs/auth/salesforce');
    const action = /action="([^"]+)"/.exec(await start.response.text())?.[1] ?? '';
    const posted = await wrong.request(new URL(action, start.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=customer&password=nope',
    });
    expect(posted.status).toBe(401);
    expect(await posted.text()).toContain('Unknown username or wrong password.');
    expect((await wrong.request('/docs/user')).status).toBe(401);
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' https://evil.example',
    '%2F%2Fevil.example',
    '/docs/..%2F..%2Fevil',
    '/other/path',
  ])('ignores the hostile return value %j and lands on the portal', async (hostile) => {
    const client = portal.client();
    const { finalLocation } = await signIn(client, 'customer', { returnTo: hostile });
    expect(finalLocation).toBe('/docs/ui/');
  });

  it('gives a new session id at sign-in, never the one the browser brought', async () => {
    const client = portal.client();
    const planted = 'A'.repeat(43);
    client.cookies.set('docs_portal_session', { value: planted, path: '/docs' });
    await signIn(client, 'customer');
    const issued = client.cookies.get('docs_portal_session')?.value;
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
  });

  it('refuses a callback with a tampered state, and a replayed callback', async () => {
    const client = portal.client();
    const start = await client.follow('/docs/auth/salesforce');
    const action = /action="([^"]+)"/.exec(await start.response.text())?.[1] ?? '';
    const posted = await client.follow(new URL(action, start.url).href, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=customer&password=demo',
      },
      stopAt: (location) => location.includes('/docs/auth/salesforce/callback'),
    });
    const callback = new URL(posted.locations.at(-1) ?? '', portal.origin);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');
    const keep = new Map(client.cookies);
    const refused = await client.request(tampered.pathname + tampered.search);
    expect(refused.headers.get('location')).toBe('/docs/ui/login?error=invalid_state');
    expect((await client.request('/docs/user')).status).toBe(401);
    // The same browser replays the genuine callback: the started sign-in was consumed already.
    for (const [name, cookie] of keep) client.cookies.set(name, cookie);
    const replayed = await client.request(callback.pathname + callback.search);
    expect(replayed.headers.get('location')).toBe('/docs/ui/login?error=invalid_state');
    expect((await client.request('/docs/user')).status).toBe(401);
  });

  it('refuses an ID token whose nonce is not the one the portal sent', async () => {
    const client = portal.client();
    const start = await client.request('/docs/auth/salesforce?return=%2Fdocs%2Fui%2F%23top');
    const authorize = new URL(start.headers.get('location') ?? '');
    authorize.searchParams.set('nonce', 'not-the-portals-nonce');
    const form = await client.follow(authorize.href);
    const action = /action="([^"]+)"/.exec(await form.response.text())?.[1] ?? '';
    const done = await client.follow(new URL(action, form.url).href, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=customer&password=demo',
      },
      stopAt: (location) => location.startsWith('/docs/ui'),
    });
    expect(done.locations.at(-1)).toBe('/docs/ui/login?error=sign_in_failed#top');
    expect((await client.request('/docs/user')).status).toBe(401);
  });

  it('ends on the login page with access_denied when the provider reports a refusal', async () => {
    const client = portal.client();
    const start = await client.request('/docs/auth/salesforce?return=%2Fdocs%2Fui%2Fsearch');
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state');
    const answer = await client.request(
      `/docs/auth/salesforce/callback?error=access_denied&state=${state}`,
    );
    expect(answer.headers.get('location')).toBe(
      '/docs/ui/login?error=access_denied&redirectPath=%2Fdocs%2Fui%2Fsearch',
    );
  });

  it('logs out: the session ends server-side, then the provider session, then the login page', async () => {
    const client = portal.client();
    await signIn(client, 'customer');
    const stolen = client.cookies.get('docs_portal_session')?.value ?? '';
    const out = await client.follow('/docs/logout', {
      init: { headers: { 'sec-fetch-site': 'same-origin' } },
    });
    expect(out.locations[0]).toContain('/dev-idp/session/end');
    // The provider's sign-out page submits its form by script; do what the browser does.
    const page = await out.response.text();
    const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const done = await client.follow(new URL(action, out.url).href, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `xsrf=${xsrf}&logout=yes`,
      },
      stopAt: (l) => new URL(l, portal.origin).pathname === '/docs/ui/login',
    });
    expect(done.locations.at(-1)).toBe(`${portal.origin}/docs/ui/login`);
    expect((await client.request('/docs/user')).status).toBe(401);
    // The old cookie is worthless now, even if someone kept it.
    const replay = await fetch(`${portal.origin}/docs/user`, {
      headers: { cookie: `docs_portal_session=${stolen}` },
    });
    expect(replay.status).toBe(401);
    // The provider forgot the reader too: signing in again shows its form.
    const again = await client.follow('/docs/auth/salesforce');
    expect(await again.response.text()).toContain('Development sign-in');
  });
});

describe('a provider that is down', () => {
  it('sends the reader to the login page with provider_unavailable, and keeps the return path', async () => {
    const down = await startPortal({
      identityProviders: {
        salesforce: {
          issuer: 'http://127.0.0.1:9/idp',
          clientId: 'a',
          clientSecret: 'b',
          allowedKinds: ['customer'],
          defaultKind: 'customer',
        },
        employee: {
          issuer: 'http://127.0.0.1:9/idp',
          clientId: 'c',
          clientSecret: 'd',
          allowedKinds: ['employee'],
          defaultKind: 'employee',
        },
      },
    });
    try {
      const client = down.client();
      const answer = await client.request('/docs/auth/employee?return=%2Fdocs%2Fui%2Fsearch%23x');
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(
        '/docs/ui/login?error=provider_unavailable&redirectPath=%2Fdocs%2Fui%2Fsearch#x',
      );
    } finally {
      await down.close();
    }
  });
});

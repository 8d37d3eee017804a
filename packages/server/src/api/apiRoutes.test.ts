import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentSchema, ResourceGroupListSchema, UserSchema } from '@docs-portal/contracts';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal({
    environment: { useMamba20SearchClient: false, isProd: false },
    techdocs: [
      {
        resourceType: 'guide',
        title: 'Guide',
        links: [{ title: 'Home', path: '/HomePage/Content/home.htm' }],
      },
    ],
  });
});
afterAll(async () => {
  await portal?.close();
});

describe('documentation API', () => {
  it.each(['/docs/user', '/docs/environment', '/docs/techdocs/links'])(
    'answers 401 JSON to %s without a session',
    async (url) => {
      const res = await portal.client().request(url);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        code: 'unauthenticated',
        message: 'Sign in to use this service.',
      });
    },
  );

  it('answers the reader, the environment and the techdocs groups in their contract shapes', async () => {
    const client = portal.client();
    await signIn(client, 'partner');
    const user = UserSchema.parse(await (await client.request('/docs/user')).json());
    expect(user).toEqual({
      displayName: 'Pat Partner',
      email: 'pat.partner@example.com',
      kind: 'partner',
      canSeeAnalytics: false,
    });
    const env = EnvironmentSchema.parse(await (await client.request('/docs/environment')).json());
    expect(env).toMatchObject({ useMamba20SearchClient: false, isProd: false });
    const groups = ResourceGroupListSchema.parse(
      await (await client.request('/docs/techdocs/links')).json(),
    );
    expect(groups[0]?.links[0]?.path).toBe('/HomePage/Content/home.htm');
    expect((await client.request('/docs/user')).headers.get('cache-control')).toBe('no-store');
  });

  it('tells an employee, and only an employee, that they may see analytics', async () => {
    for (const kind of ['employee', 'customer'] as const) {
      const client = portal.client();
      await signIn(client, kind, kind === 'employee' ? { provider: 'employee' } : {});
      const user = UserSchema.parse(await (await client.request('/docs/user')).json());
      expect(user.canSeeAnalytics, kind).toBe(kind === 'employee');
    }
  });

  it('answers 401 again once the session cookie is forged', async () => {
    const client = portal.client();
    client.cookies.set('docs_portal_session', { value: 'x'.repeat(43), path: '/docs' });
    const res = await client.request('/docs/user');
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().join()).toContain('docs_portal_session=;');
  });
});

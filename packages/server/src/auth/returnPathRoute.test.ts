import { HOSTILE_PORTAL_PATHS, SAFE_PORTAL_PATHS } from '@docs-portal/contracts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type RunningPortal } from '../../test/portalHarness';

// A provider that cannot be reached sends the reader straight back to the login page with the
// return path the portal kept, so the route's choice shows without a whole sign-in per value.
let portal: RunningPortal;
beforeAll(async () => {
  const unreachable = { issuer: 'http://127.0.0.1:9/idp', clientId: 'a', clientSecret: 'b' };
  portal = await startPortal({
    identityProviders: {
      salesforce: { ...unreachable, allowedKinds: ['customer'], defaultKind: 'customer' },
      employee: { ...unreachable, allowedKinds: ['employee'], defaultKind: 'employee' },
    },
  });
});
afterAll(async () => {
  await portal.close();
});

async function keptReturn(value: string): Promise<string> {
  const answer = await portal.app.inject({
    url: `/docs/auth/salesforce?return=${encodeURIComponent(value)}`,
  });
  expect(answer.statusCode).toBe(302);
  const location = new URL(String(answer.headers.location), portal.origin);
  expect(location.pathname).toBe('/docs/ui/login');
  return (location.searchParams.get('redirectPath') ?? '/docs/ui/') + location.hash;
}

describe('the sign-in return parameter', () => {
  it.each(HOSTILE_PORTAL_PATHS)('drops $trick $value for the web app root', async ({ value }) => {
    expect(await keptReturn(value)).toBe('/docs/ui/');
  });

  it.each(SAFE_PORTAL_PATHS)('keeps $value as $path', async ({ value, path }) => {
    expect(await keptReturn(value)).toBe(path);
  });

  it('drops a repeated return parameter', async () => {
    const answer = await portal.app.inject({
      url: '/docs/auth/salesforce?return=%2Fdocs%2Fa&return=%2Fdocs%2Fb',
    });
    expect(answer.headers.location).toBe('/docs/ui/login?error=provider_unavailable');
  });
});

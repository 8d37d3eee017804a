import { HOSTILE_PORTAL_PATHS, SAFE_PORTAL_PATHS } from '@docs-portal/contracts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';

let portal: RunningPortal;
let headers: Record<string, string>;
beforeAll(async () => {
  portal = await startPortal({}, { webDistDir: '/nonexistent' });
  const client = portal.client();
  await signIn(client, 'customer');
  const token = client.cookies.get('XSRF-TOKEN')?.value ?? '';
  headers = {
    cookie: [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; '),
    'x-xsrf-token': token,
  };
});
afterAll(async () => {
  await portal.close();
});

const click = (url: string) =>
  portal.app.inject({
    method: 'POST',
    url: '/docs/analytics/click',
    headers,
    payload: { query: 'backup', rank: 1, url },
  });

describe('the analytics click URL', () => {
  it.each(HOSTILE_PORTAL_PATHS)('answers 400 to $trick $value', async ({ value }) => {
    const answer = await click(value);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'bad_request' });
    expect(answer.json().message).toMatch(/^url: /);
  });

  it.each(SAFE_PORTAL_PATHS)('records a click on $value', async ({ value }) => {
    expect((await click(value)).statusCode).toBe(204);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loopbackRedirect } from './loopbackRedirect';

async function answer(
  config: { mode: 'development' | 'production'; publicUrl: string },
  url: string,
  headers: Record<string, string>,
) {
  const app = Fastify({ logger: false });
  const hook = loopbackRedirect(config);
  if (hook) app.addHook('onRequest', hook);
  app.get('/*', async () => 'page');
  const response = await app.inject({ method: 'GET', url, headers });
  await app.close();
  return { status: response.statusCode, location: response.headers.location };
}

const dev = { mode: 'development' as const, publicUrl: 'http://localhost:3000' };
const navigation = { host: '127.0.0.1:3000', 'sec-fetch-mode': 'navigate' };

describe('loopback redirect (development)', () => {
  it('sends a page opened by 127.0.0.1 to the same path on the localhost public URL', async () => {
    expect(await answer(dev, '/docs/ui/search/x?y=1', navigation)).toEqual({
      status: 302,
      location: 'http://localhost:3000/docs/ui/search/x?y=1',
    });
    expect(
      await answer(dev, '/docs/ui/', { host: '127.0.0.1:3000', accept: 'text/html' }),
    ).toMatchObject({ status: 302 });
  });

  it('keeps the configured host whatever the path says', async () => {
    const { location } = await answer(dev, '//evil.example/x', navigation);
    expect(new URL(location ?? '').host).toBe('localhost:3000');
  });

  it('answers API calls, probes, other ports and other hosts where they arrive', async () => {
    expect(
      await answer(dev, '/docs/user', { host: '127.0.0.1:3000', 'sec-fetch-mode': 'cors' }),
    ).toMatchObject({ status: 200 });
    expect(await answer(dev, '/docs/healthz', { host: '127.0.0.1:3000' })).toMatchObject({
      status: 200,
    });
    expect(await answer(dev, '/docs/ui/', { ...navigation, host: '127.0.0.1:4000' })).toMatchObject(
      { status: 200 },
    );
    expect(await answer(dev, '/docs/ui/', { ...navigation, host: 'localhost:3000' })).toMatchObject(
      { status: 200 },
    );
  });

  it('does nothing in production or for a public URL that is not localhost', async () => {
    expect(loopbackRedirect({ mode: 'production', publicUrl: 'http://localhost:3000' })).toBeNull();
    expect(
      loopbackRedirect({ mode: 'development', publicUrl: 'http://127.0.0.1:3000' }),
    ).toBeNull();
  });
});

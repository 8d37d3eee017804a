import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../../test/portalHarness';

const distDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/web-dist',
);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(
    testConfig({
      brand: { companyName: 'Evil</script><script>alert(1)</script>', productName: 'Docs' },
    }),
    { webDistDir: distDir },
  );
});
afterAll(async () => {
  await app.close();
});

describe('web app hosting', () => {
  it('redirects the bare origin to the documentation home page', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/docs/HomePage/Content/home.htm');
  });

  it('redirects the base path to the web app', async () => {
    expect((await app.inject({ url: '/docs' })).headers.location).toBe('/docs/ui/');
    expect((await app.inject({ url: '/docs/ui' })).headers.location).toBe('/docs/ui/');
  });

  it.each([
    '/docs/ui/',
    '/docs/ui/login?redirectPath=%2Fdocs%2Fui%2F',
    '/docs/ui/search/restore',
    '/docs/ui/no/such/route',
  ])('serves the app with its bootstrap settings at %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.body).toContain('<base href="/docs/ui/">');
    const json =
      /<script type="application\/json" id="portal-bootstrap">(.*?)<\/script>/.exec(
        res.body,
      )?.[1] ?? '';
    expect(JSON.parse(json)).toMatchObject({
      basePath: '/docs',
      productName: 'Docs',
      supportSiteHost: 'support.acme-data.example',
    });
  });

  it('escapes the bootstrap so config text cannot close the script element', async () => {
    const res = await app.inject({ url: '/docs/ui/' });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).toContain('\\u003c/script\\u003e');
  });

  it('serves built assets as files with long caching, and 404 for a missing asset', async () => {
    const asset = await app.inject({ url: '/docs/ui/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/docs/ui/assets/missing.js' })).statusCode).toBe(404);
  });

  it('never serves index.html raw, without its bootstrap', async () => {
    const res = await app.inject({ url: '/docs/ui/index.html' });
    expect(res.body).toContain('portal-bootstrap');
  });
});

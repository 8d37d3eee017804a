import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../../test/portalHarness';

let app: FastifyInstance;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'search-client-dist-'));
  mkdirSync(path.join(dist, 'v2'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'v2/index.html'), '<!DOCTYPE html><title>client</title>');
  writeFileSync(path.join(dist, 'assets/client.js'), 'export {};');
  writeFileSync(path.join(dist, '.secret'), 'no');
  app = await buildApp(testConfig(), { searchClientDistDir: dist, webDistDir: '/nonexistent' });
});
afterAll(async () => {
  await app.close();
});

describe('search client hosting', () => {
  it('serves the client pages with the CSP and assets with long caching', async () => {
    const page = await app.inject({ url: '/docs/search-client/v2/index.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const asset = await app.inject({ url: '/docs/search-client/assets/client.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it.each([
    '/docs/search-client/.secret',
    '/docs/search-client/../package.json',
    '/docs/search-client/v2/missing.html',
    '/docs/search-client/%2e%2e/%2e%2e/package.json',
  ])('answers 404 to %s', async (url) => {
    const res = await app.inject({ url });
    expect([400, 401, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('"name"');
  });
});

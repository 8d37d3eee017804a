import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, parseConfig } from '../src/config/loadConfig';
import type { PortalConfig, PortalConfigInput } from '../src/config/schema';
import { BrowserlikeClient } from './BrowserlikeClient';

/** A free TCP port on 127.0.0.1 (the portal's public URL must be known before it is built). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A validated test config: a temporary data folder, quiet logs, overrides applied. */
export function testConfig(overrides: PortalConfigInput = {}): PortalConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'docs-portal-test-'));
  return parseConfig({ dataDir, logLevel: 'silent', ...overrides }, { env: {} });
}

/** A portal listening on 127.0.0.1 with its development identity provider. */
export interface RunningPortal {
  app: FastifyInstance;
  config: PortalConfig;
  origin: string;
  /** A new cookie-keeping client for this portal. */
  client(): BrowserlikeClient;
  close(): Promise<void>;
}

/** Builds and starts a real portal over HTTP (needed wherever the OIDC provider is in the loop). */
export async function startPortal(
  overrides: PortalConfigInput = {},
  options: BuildAppOptions = {},
): Promise<RunningPortal> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = testConfig({ publicUrl: origin, ...overrides });
  const app = await buildApp(config, options);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    origin,
    client: () => new BrowserlikeClient(origin),
    async close() {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs `username` (password `demo`) in through `provider` exactly as a browser would: start,
 * the identity provider's form, the callback. Returns where the portal sent the reader last.
 */
export async function signIn(
  client: BrowserlikeClient,
  username: string,
  options: {
    provider?: 'salesforce' | 'employee';
    returnTo?: string;
    password?: string;
    basePath?: string;
  } = {},
): Promise<{ finalLocation: string; loginForm: Response; locations: string[] }> {
  const base = options.basePath ?? '/docs';
  const query =
    options.returnTo === undefined ? '' : `?return=${encodeURIComponent(options.returnTo)}`;
  const start = await client.follow(`${base}/auth/${options.provider ?? 'salesforce'}${query}`);
  if (start.response.status !== 200)
    throw new Error(
      `expected the login form, got ${start.response.status} after ${start.locations.join(' -> ')}`,
    );
  const html = await start.response.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no login form action');
  const posted = await client.follow(new URL(action.replace(/&#47;/g, '/'), start.url).href, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: options.password ?? 'demo' }).toString(),
    },
    stopAt: (location) => location.startsWith(`${base}/ui`),
  });
  const finalLocation = posted.locations.at(-1) ?? '';
  return {
    finalLocation,
    loginForm: posted.response,
    locations: [...start.locations, ...posted.locations],
  };
}

/** The sample doc sets of the repository's default config (folders resolved). */
export function sampleDocSets(): PortalConfigInput['docSets'] {
  return loadConfig({}).config.docSets;
}

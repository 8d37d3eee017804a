import { request as httpRequest } from 'node:http';
import { rmSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { UserKind } from '@docs-portal/contracts';
import type { DocSetConfig, PortalConfig, PortalConfigInput } from '../../src/config/schema';
import { contentRoutes } from '../../src/content/contentRoutes';
import { DocSetPublisher, type PublishResult } from '../../src/content/DocSetPublisher';
import { ServedReleases, type ServedReleasesOptions } from '../../src/content/ServedReleases';
import { installErrorHandler } from '../../src/errors/errorHandler';
import { SessionService } from '../../src/sessions/SessionService';
import { sessionPlugin } from '../../src/sessions/sessionPlugin';
import { SqliteSessionStore } from '../../src/sessions/SqliteSessionStore/SqliteSessionStore';
import { testConfig } from '../portalHarness';

/** A doc set entry for a test config: only what differs from sensible test defaults. */
export function docSetInput(
  id: string,
  mount: string,
  folder: string,
  extra: Partial<DocSetConfig> = {},
) {
  return {
    id,
    mount,
    folder,
    title: id,
    product: 'Data Platform',
    version: '6.5',
    docType: 'User Guide',
    ...extra,
  };
}

/** The content feature on its own: sessions, the error handler and the doc-set routes, listening. */
export interface ContentApp {
  /** The Fastify instance (for `inject`). */
  app: FastifyInstance;
  /** The validated test config (temporary data folder). */
  config: PortalConfig;
  /** The started registry the routes serve from. */
  library: ServedReleases;
  /** Publishes a new release of `docSetId` and serves it before resolving. */
  publish(docSetId: string, source: string): Promise<PublishResult>;
  /** Rolls `docSetId` back and serves the previous release before resolving. */
  rollback(docSetId: string): Promise<void>;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** A `cookie` header value for a live session of a reader of `kind`. */
  cookieFor(kind: UserKind): Promise<string>;
  /** Stops everything and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Starts the content routes, as the server does: each doc set's folder published as its first
 * release when it has none, then a started ServedReleases, over a throwaway in-memory session store, listening on 127.0.0.1. Sessions
 * are created directly, so no identity provider is involved (portalAccess.test.ts covers that).
 */
export async function startContentApp(
  overrides: PortalConfigInput,
  libraryOptions: ServedReleasesOptions = {},
): Promise<ContentApp> {
  const config = testConfig(overrides);
  const store = new SqliteSessionStore(':memory:');
  const sessions = new SessionService(store, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const publisher = new DocSetPublisher(config);
  await publisher.publishFirstReleases();
  const library = new ServedReleases(config, { pollIntervalMs: 0, ...libraryOptions });
  await library.start();
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 500 },
  });
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(
    async (portal) => {
      await portal.register(sessionPlugin, { config, sessions });
      await portal.register(contentRoutes, { config, library });
    },
    { prefix: config.basePath },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    library,
    async publish(docSetId, source) {
      const result = await publisher.publish(docSetId, source);
      await library.refresh(docSetId);
      return result;
    },
    async rollback(docSetId) {
      await publisher.rollback(docSetId);
      await library.refresh(docSetId);
    },
    origin: `http://127.0.0.1:${port}`,
    async cookieFor(kind) {
      const id = await sessions.create({
        sub: kind,
        provider: kind === 'employee' ? 'employee' : 'salesforce',
        displayName: kind,
        email: `${kind}@example.com`,
        kind,
      });
      return `${config.sessions.cookieName}=${id}`;
    },
    async close() {
      await app.close();
      await library.close();
      await store.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** An HTTP answer read whole. */
export interface RawResponse {
  /** HTTP status. */
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (not decompressed). */
  body: Buffer;
}

/**
 * GET (or another method) with the request target sent exactly as given: no URL normalisation, so
 * dot segments, backslashes and odd escapes reach the server as an attacker would send them.
 */
export function rawRequest(
  origin: string,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path: target, method, headers, insecureHTTPParser: true },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { startNginx, type NginxProcess } from '@docs-portal/scripts/cluster';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PortalConfig } from '../../src/config/schema';
import { contentRoutes } from '../../src/content/contentRoutes';
import { DocSetPublisher } from '../../src/content/DocSetPublisher';
import { ServedReleases } from '../../src/content/ServedReleases';
import { installErrorHandler } from '../../src/errors/errorHandler';
import { SessionService } from '../../src/sessions/SessionService';
import { sessionPlugin } from '../../src/sessions/sessionPlugin';
import type { SessionStore } from '../../src/sessions/SessionStore';
import { freePort } from '../portalHarness';

/** The content routes of a portal behind a real nginx in X-Accel-Redirect mode. */
export interface AccelPortal {
  /** The portal (also reachable with `inject`). */
  app: FastifyInstance;
  /** Its served releases, first releases already published. */
  library: ServedReleases;
  /** nginx in front of it, serving the doc files itself. */
  nginx: NginxProcess;
  /** Sessions of `store`, to sign readers in. */
  sessions: SessionService;
  /** Stops nginx and the portal and removes nginx's run folder (not the data folder). */
  stop(): Promise<void>;
}

/**
 * Publishes `config`'s doc sets, serves them through the content routes with X-Accel-Redirect
 * under `accelPrefix`, and starts nginx in front; `beforeRoutes` registers root plugins first
 * (e.g. the security headers).
 */
export async function startAccelPortal(
  config: PortalConfig,
  options: {
    store: SessionStore;
    accelPrefix: string;
    beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  },
): Promise<AccelPortal> {
  await new DocSetPublisher(config).publishFirstReleases();
  const library = new ServedReleases(config, { pollIntervalMs: 0 });
  await library.start();
  const sessions = new SessionService(options.store, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 500 } });
  installErrorHandler(app);
  await options.beforeRoutes?.(app);
  await app.register(fastifyCookie);
  await app.register(
    async (portal) => {
      await portal.register(sessionPlugin, { config, sessions });
      await portal.register(contentRoutes, {
        config,
        library,
        accelRedirectPrefix: options.accelPrefix,
      });
    },
    { prefix: config.basePath },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const portalPort = typeof address === 'object' && address ? address.port : 0;
  const runDir = mkdtempSync(path.join(tmpdir(), 'accel-nginx-'));
  const nginx = await startNginx({
    port: await freePort(),
    portalServers: [`127.0.0.1:${portalPort}`],
    signInServers: [`127.0.0.1:${portalPort}`],
    basePath: config.basePath,
    docSetsDir: path.join(config.dataDir, 'docsets'),
    accelPrefix: options.accelPrefix,
    runDir,
  });
  return {
    app,
    library,
    nginx,
    sessions,
    async stop() {
      await nginx.stop();
      await app.close();
      await library.close();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}

import { rmSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import type { UserKind } from '@docs-portal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { analyticsRoutes } from '../../src/analytics/analyticsRoutes';
import type { AnalyticsStore } from '../../src/analytics/AnalyticsStore';
import { feedbackRoutes } from '../../src/analytics/feedback/feedbackRoutes';
import { gapRoutes } from '../../src/analytics/feedback/gapRoutes';
import { SqliteAnalyticsStore } from '../../src/analytics/SqliteAnalyticsStore/SqliteAnalyticsStore';
import type { PortalConfig } from '../../src/config/schema';
import { contentRoutes } from '../../src/content/contentRoutes';
import { DocSetPublisher } from '../../src/content/DocSetPublisher';
import { ServedReleases } from '../../src/content/ServedReleases';
import { installErrorHandler } from '../../src/errors/errorHandler';
import { SessionService } from '../../src/sessions/SessionService';
import { sessionPlugin } from '../../src/sessions/sessionPlugin';
import { SqliteSessionStore } from '../../src/sessions/SqliteSessionStore/SqliteSessionStore';
import { xsrfPlugin } from '../../src/xsrf/xsrfPlugin';
import { writeFolder } from '../content/docSetFolders';
import { testConfig } from '../portalHarness';

/** The feedback feature in the portal's session context, over published doc sets. */
export interface FeedbackApp {
  app: FastifyInstance;
  config: PortalConfig;
  store: AnalyticsStore;
  /** Cookie and XSRF headers of a new session of a reader of `kind` (`sub` names the reader). */
  signedIn(kind: UserKind, sub?: string): Promise<Record<string, string>>;
  /** Moves the clock (the routes' `now`). */
  setNow(at: Date): void;
  close(): Promise<void>;
}

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1 id="top">${title}</h1><h2 id="step-2">Step 2</h2></body></html>`;

/**
 * Two published doc sets, `guide` (every reader, mount `guide`, product Data Platform) and
 * `runbooks` (employees only, mount `Internal/Runbooks`, product Helios), `partners` (partners
 * only, mount `partners`, product Insights); the content, feedback,
 * gap and analytics routes with sessions and XSRF, as the portal registers them.
 */
export async function startFeedbackApp(
  options: { store?: AnalyticsStore; rateLimit?: { max: number; windowMs: number } } = {},
): Promise<FeedbackApp> {
  const guide = writeFolder({ 'Default.htm': page('Home'), 'install/a.htm': page('Install') });
  const runbooks = writeFolder({ 'restore.htm': page('Restore runbook') });
  const partners = writeFolder({ 'deals.htm': page('Deal registration') });
  const common = { version: '1', docType: 'Guide', defaultPage: 'Default.htm' };
  const config = testConfig({
    docSets: [
      {
        ...common,
        id: 'guide',
        mount: 'guide',
        folder: guide,
        title: 'Guide <One>',
        product: 'Data Platform',
      },
      {
        ...common,
        id: 'runbooks',
        mount: 'Internal/Runbooks',
        folder: runbooks,
        title: 'Runbooks',
        product: 'Helios',
        audience: ['employee'],
      },
      {
        ...common,
        id: 'partners',
        mount: 'partners',
        folder: partners,
        title: 'Partner notes',
        product: 'Insights',
        audience: ['partner'],
      },
    ],
  });
  await new DocSetPublisher(config).publishFirstReleases();
  const library = new ServedReleases(config, { pollIntervalMs: 0 });
  await library.start();
  const sessionStore = new SqliteSessionStore(':memory:');
  const sessions = new SessionService(sessionStore, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const store = options.store ?? new SqliteAnalyticsStore(':memory:');
  let now = new Date('2025-03-20T12:00:00Z');
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(
    async (portal) => {
      await portal.register(xsrfPlugin, { config });
      await portal.register(sessionPlugin, { config, sessions });
      portal.setNotFoundHandler(async (request, reply) =>
        request.user
          ? reply
              .status(404)
              .send({ code: 'not_found', message: 'There is no page at this address.' })
          : reply.status(401).send({ code: 'unauthenticated', message: 'Sign in.' }),
      );
      await portal.register(feedbackRoutes, {
        store,
        docSets: config.docSets,
        pages: library,
        now: () => now,
        rateLimit: options.rateLimit,
      });
      await portal.register(gapRoutes, { store, docSets: config.docSets, now: () => now });
      await portal.register(analyticsRoutes, { store, docSets: config.docSets, now: () => now });
      await portal.register(contentRoutes, {
        config,
        library,
        onMissingPage: ({ docSet, path, kind }) =>
          void store.recordMissingLanding({ docSetId: docSet.id, path, kind, at: now }),
      });
    },
    { prefix: config.basePath },
  );
  return {
    app,
    config,
    store,
    async signedIn(kind, sub = `${kind}-1`) {
      const id = await sessions.create({
        sub,
        provider: kind === 'employee' ? 'employee' : 'salesforce',
        displayName: 'Reader',
        email: 'reader@example.com',
        kind,
      });
      return {
        cookie: `${config.sessions.cookieName}=${id}; XSRF-TOKEN=tok`,
        'x-xsrf-token': 'tok',
      };
    },
    setNow(at) {
      now = at;
    },
    async close() {
      await app.close();
      await library.close();
      await store.close();
      await sessionStore.close();
      for (const dir of [config.dataDir, guide, runbooks, partners])
        rmSync(dir, { recursive: true, force: true });
    },
  };
}

import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { createSearchEngine, type SearchEngine } from '@docs-portal/search';
import Fastify, { type FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics/analyticsRoutes';
import { createAnalyticsStore } from './analytics/createAnalyticsStore';
import { feedbackRoutes } from './analytics/feedback/feedbackRoutes';
import { gapRoutes } from './analytics/feedback/gapRoutes';
import { GapWebhook } from './analytics/feedback/GapWebhook';
import { SearchEventRecorder } from './analytics/recordSearchEvent';
import { apiRoutes } from './api/apiRoutes';
import { authRoutes } from './auth/authRoutes';
import { checkSharedDataFolder } from './cluster/sharedDataFolder';
import { linkReportRoutes } from './content/linkReportRoutes';
import { askToSignIn, contentRoutes } from './content/contentRoutes';
import { DocSetPublisher } from './content/DocSetPublisher';
import { ServedReleases } from './content/ServedReleases';
import { OidcClients } from './auth/OidcClients';
import { REPO_ROOT } from './config/loadConfig';
import { loopbackRedirect } from './config/loopbackRedirect';
import type { IdentityProviderConfig, PortalConfig } from './config/schema';
import { createDevIdentityProvider } from './devIdp/devIdentityProvider';
import { sendErrorPage, type ErrorPageSite } from './errors/errorPage';
import { installErrorHandler } from './errors/errorHandler';
import { HomeContent } from './home/HomeContent';
import { homeRoutes } from './home/homeRoutes';
import { metricsPlugin } from './ops/metricsPlugin';
import { loggerOptions } from './ops/loggerOptions';
import { opsRoutes } from './ops/opsRoutes';
import { PortalMetrics } from './ops/PortalMetrics';
import { watchSearchEngine } from './ops/watchSearchEngine';
import { searchEngineConfig } from './search/searchEngineConfig';
import { SearchIndexing, type SearchIndexingOptions } from './search/SearchIndexing';
import { searchRoutes } from './search/searchRoutes';
import { securityHeaders } from './security/securityHeaders';
import { createSessionStore } from './sessions/createSessionStore';
import { SessionService } from './sessions/SessionService';
import { sessionPlugin } from './sessions/sessionPlugin';
import type { SessionStore } from './sessions/SessionStore';
import { defaultSearchClientDist, searchClientRoutes } from './web/searchClientRoutes';
import { versionRoutes } from './versions/versionRoutes';
import { webAppRoutes } from './web/webAppRoutes';
import { xsrfPlugin } from './xsrf/xsrfPlugin';
import { withLiveRules } from './relevance/LiveRules';
import { relevanceRoutes } from './relevance/relevanceRoutes';
import { startRelevance } from './relevance/startRelevance';

/** Parts a test or an embedding program may supply instead of the ones built from config. */
export interface BuildAppOptions {
  /** Use this session store instead of opening the configured one. */
  sessionStore?: SessionStore;
  /** Folder of the built web app (default packages/web/dist). */
  webDistDir?: string;
  /** Folder of the built search clients (default packages/search-client/dist). */
  searchClientDistDir?: string;
  /** Clock for session expiry (tests). */
  now?: () => number;
  /** Log requests (default: per config.logLevel). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what operators would see). */
  logStream?: { write(line: string): void };
  /** Metrics of this instance (default: a new PortalMetrics). */
  metrics?: PortalMetrics;
  /** Use this search engine instead of opening the configured one. */
  searchEngine?: SearchEngine;
  /** Retry timing of failed index syncs (tests shorten it). */
  searchIndexing?: SearchIndexingOptions;
  /** How often a replica checks for newly published relevance rules (ms, default 2000). */
  rulePollMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Keeps the search index in step with published doc sets; `ready` settles after start-up. */
    searchIndexing: SearchIndexing;
  }
}

/** How often expired sessions and pending sign-ins are removed from the store. */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Builds the portal: a Fastify instance with every route registered, not yet listening.
 * `main.ts` reads config and listens; tests call `app.inject()` or listen on port 0.
 */
export async function buildApp(
  config: PortalConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // Before any SQLite file is opened: SQLite shared between hosts is refused.
  const hostMarkers = await checkSharedDataFolder(config);
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, { stream: options.logStream }),
    trustProxy: '127.0.0.1',
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 500 },
  });
  const errorPageSite: ErrorPageSite = {
    basePath: config.basePath,
    productName: config.brand.productName,
    companyName: config.brand.companyName,
  };
  installErrorHandler(app, errorPageSite);
  app.addHook('onClose', async () => hostMarkers.close());
  const toPublicHost = loopbackRedirect(config);
  if (toPublicHost) app.addHook('onRequest', toPublicHost);
  const metrics = options.metrics ?? new PortalMetrics();
  await app.register(metricsPlugin, { metrics });
  await app.register(securityHeaders, { config });
  await app.register(fastifyCookie);

  const store = options.sessionStore ?? (await createSessionStore(config, { logger: app.log }));
  const sessions = new SessionService(
    store,
    {
      idleMs: config.sessions.idleMinutes * 60_000,
      absoluteMs: config.sessions.absoluteHours * 3_600_000,
    },
    options.now,
    config.sessions.reuseMs,
  );
  const purge = setInterval(() => {
    store
      .purgeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await store.close();
  });

  let providers: Record<'salesforce' | 'employee', IdentityProviderConfig>;
  const configured = config.identityProviders;
  if (configured.salesforce && configured.employee) {
    providers = { salesforce: configured.salesforce, employee: configured.employee };
  } else {
    const devIdp = createDevIdentityProvider(config);
    await devIdp.register(app);
    providers = devIdp.providers;
    app.log.warn(
      'no identity providers configured: using the development identity provider (demo users)',
    );
  }
  const clients = new OidcClients(providers, { allowHttp: config.mode !== 'production' });

  await new DocSetPublisher(config, { logger: app.log }).publishFirstReleases();
  const docSets = new ServedReleases(config, { logger: app.log });
  await docSets.start();
  app.addHook('onClose', async () => docSets.close());

  const engine = watchSearchEngine(
    options.searchEngine ?? (await createSearchEngine(searchEngineConfig(config))),
    app.log,
  );
  const indexing = new SearchIndexing(engine, docSets, config, app.log, options.searchIndexing);
  indexing.start();
  app.decorate('searchIndexing', indexing);
  app.addHook('onClose', async () => {
    await indexing.close();
    await engine.close();
  });

  const analyticsStore = await createAnalyticsStore(config, { logger: app.log });
  const searchEvents = new SearchEventRecorder(analyticsStore, {
    logger: app.log,
    onDropped: metrics.onAnalyticsDropped,
  });
  // Closing writes the queued searches before the store closes: none is lost on a clean shutdown.
  const analytics = searchEvents.withQueuedSearches(analyticsStore);
  app.addHook('onClose', async () => analytics.close());
  const gapWebhookConfig = config.analytics.gapWebhook;
  if (gapWebhookConfig) {
    const gapWebhook = new GapWebhook({
      ...gapWebhookConfig,
      store: analytics,
      docSets: config.docSets,
      basePath: config.basePath,
      logger: app.log,
    });
    gapWebhook.start();
    app.addHook('onClose', async () => gapWebhook.close());
  }
  const relevance = await startRelevance(config, { logger: app.log, pollMs: options.rulePollMs });
  app.addHook('onClose', async () => relevance.close());

  const base = config.basePath;
  app.get('/', async (_request, reply) => reply.redirect(`${base}/HomePage/Content/home.htm`, 302));

  // Outside the session context: probes answer whatever cookie they carry.
  await app.register(opsRoutes, {
    prefix: base,
    config,
    sessionStore: store,
    metrics,
    searchEngine: engine,
    readinessChecks: [{ name: 'index', ping: () => indexing.checkCaughtUp() }],
  });
  await app.register(
    async (portal) => {
      // Here, not at the root: the prefixed context's hooks also cover unmatched paths under it.
      await portal.register(xsrfPlugin, { config });
      await portal.register(sessionPlugin, { config, sessions });
      // Signed out, an unknown path answers like a doc page would (sign in first), so the
      // existence of mounts does not leak; signed in, the one 404 answer.
      portal.setNotFoundHandler(async (request, reply) => {
        if (!request.user) return askToSignIn(request, reply, base);
        if (sendErrorPage(request, reply, 404, errorPageSite)) return reply;
        return reply
          .status(404)
          .send({ code: 'not_found', message: 'There is no page at this address.' });
      });
      portal.get('/', async (_request, reply) => reply.redirect(`${base}/ui/`, 302));
      await portal.register(authRoutes, { config, sessions, clients, onSignIn: metrics.onSignIn });
      await portal.register(apiRoutes, { config });
      await portal.register(webAppRoutes, {
        config,
        distDir: options.webDistDir ?? path.join(REPO_ROOT, 'packages/web/dist'),
      });
      await portal.register(searchRoutes, {
        engine: withLiveRules(engine, relevance.live),
        docSets: config.docSets,
        metrics,
        onSearch: searchEvents.onSearch,
      });
      await portal.register(analyticsRoutes, {
        store: analytics,
        docSets: config.docSets,
        productName: config.brand.productName,
      });
      await portal.register(feedbackRoutes, {
        store: analytics,
        docSets: config.docSets,
        pages: docSets,
      });
      await portal.register(gapRoutes, { store: analytics, docSets: config.docSets });
      await portal.register(relevanceRoutes, {
        store: relevance.store,
        live: relevance.live,
        engine,
        analytics,
        docSets: config.docSets,
      });
      const home = new HomeContent(config, docSets, analytics, {
        onAnalyticsError: (error) => app.log.warn({ err: error }, 'home: analytics unavailable'),
      });
      await portal.register(homeRoutes, { content: home });
      await portal.register(searchClientRoutes, {
        distDir: options.searchClientDistDir ?? defaultSearchClientDist(REPO_ROOT),
      });
      await portal.register(linkReportRoutes, {
        library: docSets,
        basePath: base,
        productName: config.brand.productName,
      });
      await portal.register(versionRoutes, { config, library: docSets });
      await portal.register(contentRoutes, {
        config,
        library: docSets,
        accelRedirectPrefix: config.serving.accelRedirectPrefix,
        searchEngine: engine,
        errorPage: errorPageSite,
        onSuggestionError: (error) => app.log.warn({ err: error }, 'removed page: search failed'),
        onMissingPage: ({ docSet, path, kind }) =>
          void analytics
            .recordMissingLanding({ docSetId: docSet.id, path, kind })
            .catch((error: unknown) =>
              app.log.warn({ err: error }, 'could not record a missing page'),
            ),
      });
    },
    { prefix: base },
  );
  return app;
}

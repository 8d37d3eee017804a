import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PortalConfig } from '../config/schema';
import type { SessionStore } from '../sessions/SessionStore';
import { checkReadiness, type ReadinessCheck } from './checkReadiness';
import type { ResultCacheStats } from '@docs-portal/search';
import type { PortalMetrics, SearchIndexSize } from './PortalMetrics';

/** The part of the search engine operations need (the `SearchEngine` interface fits it). */
export interface OperatedSearchEngine {
  /** Resolves when the engine can answer queries. */
  ping(): Promise<void>;
  /** Size of the index, for the index size gauges. */
  stats(): Promise<SearchIndexSize>;
  /** Figures of the engine's cache of answers, for its metrics (engines without one leave it out). */
  resultCacheStats?(): ResultCacheStats;
}

/** True when `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  if (!match) return false;
  const given = createHash('sha256')
    .update(match[1] as string)
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}

/** Options of the operations routes. */
export interface OpsRoutesOptions {
  config: PortalConfig;
  sessionStore: SessionStore;
  /** Checked by `/readyz` and measured by `/metrics` when given. */
  searchEngine?: OperatedSearchEngine;
  /** Served at `/metrics` when given (register `metricsPlugin` with the same instance). */
  metrics?: PortalMetrics;
  /** Further checks of `/readyz` (the search index catching up after start-up). */
  readinessChecks?: readonly ReadinessCheck[];
  /** Longest wait for each dependency's answer in `/readyz` (default 1000 ms). */
  readinessTimeoutMs?: number;
}

/**
 * Operations endpoints, none of which needs a session:
 * - `/healthz`: the process is up (no dependency is asked, so a slow database never gets a
 *   healthy process restarted);
 * - `/readyz`: 200 when the session store and the search engine answer in time (and every further
 *   check passes), else 503 naming the check that failed, so a load balancer stops sending
 *   readers here until it is back;
 * - `/metrics`: Prometheus text of this instance; with `operations.metricsToken` set, only for
 *   `Authorization: Bearer <token>` (401 otherwise).
 */
export async function opsRoutes(app: FastifyInstance, options: OpsRoutesOptions): Promise<void> {
  const { sessionStore, searchEngine, metrics } = options;
  const timeoutMs = options.readinessTimeoutMs ?? 1_000;
  const checks: ReadinessCheck[] = [{ name: 'sessions', ping: () => sessionStore.ping() }];
  if (searchEngine) checks.push({ name: 'search', ping: () => searchEngine.ping() });
  checks.push(...(options.readinessChecks ?? []));

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // Probes ask every few seconds: the log says when readiness changes, not at every probe.
  let loggedFailures = '';
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const readiness = await checkReadiness(checks, timeoutMs);
    if (readiness.ready) {
      if (loggedFailures !== '') request.log.info('ready again');
      loggedFailures = '';
      return { status: 'ready', checks: readiness.checks };
    }
    const failed = Object.keys(readiness.reasons);
    if (failed.join(', ') !== loggedFailures) {
      loggedFailures = failed.join(', ');
      request.log.warn({ reasons: readiness.reasons }, `not ready: ${loggedFailures}`);
    }
    return reply.status(503).send({
      status: 'not_ready',
      code: 'unavailable',
      message: `Not ready: ${failed.map((name) => `${name} ${readiness.checks[name]}`).join(', ')}.`,
      checks: readiness.checks,
    });
  });

  if (metrics) {
    if (searchEngine) metrics.watchSearchIndex(() => searchEngine.stats());
    if (searchEngine?.resultCacheStats) {
      const engine = searchEngine;
      metrics.watchResultCache(() => engine.resultCacheStats?.());
    }
    const token = options.config.operations.metricsToken;
    app.get('/metrics', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({
          code: 'unauthenticated',
          message: 'Metrics need the Authorization header: Bearer <operations.metricsToken>.',
        });
      }
      reply.type(metrics.contentType);
      return metrics.render();
    });
  }
}

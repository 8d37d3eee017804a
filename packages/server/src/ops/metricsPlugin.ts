import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNMATCHED_ROUTE, type PortalMetrics } from './PortalMetrics';

/** Options of the metrics plugin. */
export interface MetricsPluginOptions {
  /** The instance's metrics, also handed to `opsRoutes` (which serves them). */
  metrics: PortalMetrics;
}

/**
 * Counts and times every answered request of the app, labelled by route pattern
 * (`request.routeOptions.url`, never the raw URL, so ids and paths do not explode the label set).
 * Not encapsulated: register it at the root, before the routes, so its hook covers all of them.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app: FastifyInstance, { metrics }) => {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime,
      );
    });
  },
  { name: 'docs-portal-metrics', fastify: '5.x' },
);

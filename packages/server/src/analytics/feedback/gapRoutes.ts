import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canSeeAnalytics } from '../../access/canSeeAnalytics';
import type { DocSetConfig } from '../../config/schema';
import type { AnalyticsStore } from '../AnalyticsStore';
import { loadContentGaps } from './contentGaps';
import { gapCsv } from './gapCsv';
import { gapScope } from './gapQuery';

/** Options of {@link gapRoutes}. */
export interface GapRoutesOptions {
  store: AnalyticsStore;
  docSets: readonly DocSetConfig[];
  /** The portal's base path (default: the plugin's prefix). */
  basePath?: string;
  /** Today, for the default period (tests). */
  now?: () => Date;
}

function isEmployee(request: FastifyRequest, reply: FastifyReply): boolean {
  if (canSeeAnalytics(request.user)) return true;
  reply.callNotFound();
  return false;
}

/**
 * Employees' feedback and content-gap data (anyone else gets the portal's 404), each for
 * `?from=&to=` (days, as the report) and an optional `docSet=<id>` of a doc set the viewer may
 * read; nothing about other doc sets is shown or counted:
 * - `GET /analytics/feedback` the answers, newest first;
 * - `GET /analytics/gaps` the ranked content-gap list;
 * - `GET /analytics/gaps.csv` the same as a CSV download.
 */
export async function gapRoutes(app: FastifyInstance, options: GapRoutesOptions): Promise<void> {
  const { store, docSets } = options;
  const now = options.now ?? (() => new Date());
  const basePath = options.basePath ?? app.prefix;
  const gapsOf = (scope: ReturnType<typeof scopeOf>) =>
    loadContentGaps(store, scope.period.range, scope.readable, basePath, scope.docSet?.id);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const scopeOf = (request: FastifyRequest) =>
    gapScope(request.query, request.user ?? { kind: 'customer' }, docSets, now());

  app.get('/analytics/feedback', async (request, reply) => {
    if (!isEmployee(request, reply)) return reply;
    const scope = scopeOf(request);
    const ids = scope.docSet ? [scope.docSet.id] : scope.readable.map((d) => d.id);
    const feedback = await store.listFeedback(scope.period.range, { docSetIds: ids });
    return {
      from: scope.period.from,
      to: scope.period.to,
      feedback: feedback.map((f) => ({ ...f, at: f.at.toISOString() })),
    };
  });

  app.get('/analytics/gaps', async (request, reply) => {
    if (!isEmployee(request, reply)) return reply;
    const scope = scopeOf(request);
    return {
      from: scope.period.from,
      to: scope.period.to,
      docSet: scope.docSet?.id ?? null,
      gaps: await gapsOf(scope),
    };
  });

  app.get('/analytics/gaps.csv', async (request, reply) => {
    if (!isEmployee(request, reply)) return reply;
    const scope = scopeOf(request);
    const items = await gapsOf(scope);
    // Days are validated YYYY-MM-DD; the doc set id is left out of the file name (any characters).
    const filename = `content-gaps-${scope.period.from}-to-${scope.period.to}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(gapCsv(items));
  });
}

import { MAX_QUERY_LENGTH, safePortalPath } from '@docs-portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, ZodError } from 'zod';
import { canRead } from '../access/canRead';
import { canSeeAnalytics } from '../access/canSeeAnalytics';
import { docSetAtPath } from '../access/docSetAtPath';
import type { DocSetConfig } from '../config/schema';
import { PortalError } from '../errors/PortalError';
import { requireUser } from '../sessions/sessionPlugin';
import { ANALYTICS_PAGE_CSP, renderAnalyticsPage } from './analyticsPage';
import {
  MAX_ANALYTICS_URL_LENGTH,
  type AnalyticsReport,
  type AnalyticsStore,
} from './AnalyticsStore';
import { loadContentGaps } from './feedback/contentGaps';
import { docSetSelectHtml, feedbackSectionsHtml } from './feedback/feedbackSections';
import { gapScope, readableDocSets } from './feedback/gapQuery';
import { periodProblem } from './periodProblem';
import { reportCsv } from './reportCsv';
import { reportPeriod } from './reportPeriod';

/** Options of {@link analyticsRoutes}. */
export interface AnalyticsRoutesOptions {
  /** Where events go and reports come from. */
  store: AnalyticsStore;
  /** The configured doc sets: a click is recorded only on a page of one the reader `canRead`. */
  docSets: readonly DocSetConfig[];
  /** The portal's base path (default: the prefix the plugin is registered under). */
  basePath?: string;
  /** The product name the analytics page's header band shows (default: Documentation). */
  productName?: string;
  /** Today, for the default report period (tests). */
  now?: () => Date;
}

/** Body of `POST {basePath}/analytics/click`. */
export function clickBodySchema(basePath: string) {
  return z
    .object({
      query: z.string().trim().min(1).max(MAX_QUERY_LENGTH),
      rank: z.number().int().min(1).max(1000),
      url: z
        .string()
        .max(MAX_ANALYTICS_URL_LENGTH)
        .refine((url) => safePortalPath(url, basePath) !== null, 'must be a path under the portal'),
    })
    .strict();
}

function serialise(report: AnalyticsReport) {
  return {
    ...report,
    zeroResultQueries: report.zeroResultQueries.map((q) => ({
      ...q,
      lastSearchedAt: q.lastSearchedAt.toISOString(),
    })),
  };
}

/** Employees only (`canSeeAnalytics`); anyone else gets the answer of a missing page (the page's existence stays private). */
function isEmployee(request: FastifyRequest, reply: FastifyReply): boolean {
  if (canSeeAnalytics(request.user)) return true;
  reply.callNotFound();
  return false;
}

/**
 * Search analytics routes, registered inside the portal's session context under the base path:
 * - `POST /analytics/click` records a result click (signed-in readers; XSRF is checked by the
 *   server for every non-GET), answers 204; a click on a page outside every doc set the reader
 *   `canRead` is not recorded, with the same 204 so that the answer says nothing about the page;
 * - `GET /analytics/report?from=&to=` the report as JSON (employees only);
 * - `GET /analytics/report.csv?from=&to=` the report as a CSV download (employees only; cells
 *   escaped against formula injection);
 * - `GET /analytics` the report as an HTML page in the portal's look with a period form
 *   (employees only).
 */
export async function analyticsRoutes(
  app: FastifyInstance,
  options: AnalyticsRoutesOptions,
): Promise<void> {
  const { store, docSets } = options;
  const basePath = options.basePath ?? app.prefix;
  const now = options.now ?? (() => new Date());
  const productName = options.productName ?? 'Documentation';
  const clickBody = { schema: { body: clickBodySchema(basePath) } };
  app.setValidatorCompiler(validatorCompiler);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/analytics/click',
    // The session check before validation: signed out, any body answers 401.
    { ...clickBody, preValidation: requireUser, bodyLimit: 8 * 1024 },
    async (request, reply) => {
      const kind = request.user?.kind ?? 'customer';
      const docSet = docSetAtPath(docSets, basePath, request.body.url);
      if (!docSet || !canRead({ kind }, docSet)) return reply.status(204).send();
      try {
        await store.recordClick({ ...request.body, kind, at: now() });
      } catch (error) {
        request.log.warn({ err: error }, 'could not record a search click');
        throw new PortalError('unavailable', 'Search analytics are unavailable right now.');
      }
      return reply.status(204).send();
    },
  );

  app.get('/analytics/report', async (request, reply) => {
    if (!isEmployee(request, reply)) return reply;
    const period = reportPeriod(request.query, now());
    const report = await store.report(period.range);
    return { from: period.from, to: period.to, ...serialise(report) };
  });

  app.get('/analytics/report.csv', async (request, reply) => {
    if (!isEmployee(request, reply)) return reply;
    const period = reportPeriod(request.query, now());
    const report = await store.report(period.range);
    // The days are validated YYYY-MM-DD, so the file name needs no quoting beyond its quotes.
    const filename = `search-analytics-${period.from}-to-${period.to}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(reportCsv(report));
  });

  app.get('/analytics', async (request, reply) => {
    if (!isEmployee(request, reply)) return reply;
    reply.type('text/html; charset=utf-8').header('content-security-policy', ANALYTICS_PAGE_CSP);
    const query = request.query as Record<string, unknown>;
    const viewer = request.user ?? { kind: 'employee' as const };
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    try {
      // The doc set choice narrows the feedback and gap sections; the search report covers all.
      const scope = gapScope(query, viewer, docSets, now());
      const period = scope.period;
      const ids = scope.docSet ? [scope.docSet.id] : scope.readable.map((d) => d.id);
      const [report, feedback, gaps] = await Promise.all([
        store.report(period.range),
        store.listFeedback(period.range, { docSetIds: ids }),
        loadContentGaps(store, period.range, scope.readable, basePath, scope.docSet?.id),
      ]);
      const params = new URLSearchParams({ from: period.from, to: period.to });
      if (scope.docSet) params.set('docSet', scope.docSet.id);
      return renderAnalyticsPage({
        basePath,
        productName,
        from: period.from,
        to: period.to,
        report,
        formFieldsHtml: docSetSelectHtml(scope.readable, scope.docSet?.id),
        sectionsHtml: feedbackSectionsHtml({
          basePath,
          readable: scope.readable,
          feedback,
          gaps,
          query: params.toString(),
        }),
      });
    } catch (error) {
      const badDocSet = error instanceof PortalError && error.code === 'bad_request';
      if (!(error instanceof ZodError) && !badDocSet) throw error;
      reply.status(400);
      return renderAnalyticsPage({
        basePath,
        productName,
        from: text(query.from),
        to: text(query.to),
        report: null,
        formFieldsHtml: docSetSelectHtml(readableDocSets(viewer, docSets)),
        problem:
          error instanceof ZodError
            ? periodProblem(error.issues)
            : { message: 'That doc set cannot be shown. Choose one from the list.', fields: [] },
      });
    }
  });
}

import type { FastifyInstance } from 'fastify';
import {
  SearchRequestSchema,
  SuggestRequestSchema,
  type SearchRequest,
  type SearchResponse,
  type SuggestResponse,
} from '@docs-portal/contracts';
import type { ReaderAccess, SearchEngine } from '@docs-portal/search';
import type { ZodError } from 'zod';
import { PortalError } from '../errors/PortalError';
import type { PortalMetrics } from '../ops/PortalMetrics';
import type { SessionUser } from '../sessions/SessionService';
import { requireUser } from '../sessions/sessionPlugin';

/** Options of the search API routes. */
export interface SearchRoutesOptions {
  engine: SearchEngine;
  /** Records query timings. */
  metrics?: PortalMetrics;
  /** Called after each search (analytics, metrics); never with anything identifying the reader beyond their kind. */
  onSearch?: (event: {
    request: SearchRequest;
    response: SearchResponse;
    kind: SessionUser['kind'];
  }) => void;
}

/** What a reader may see: their kind (doc sets readable by everyone are matched by the engine). */
export function readerAccess(user: SessionUser): ReaderAccess {
  return { audiences: [user.kind] };
}

function badRequest(error: ZodError): PortalError {
  const message = error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return `unknown parameter(s): ${issue.keys.join(', ')}`;
      const field = issue.path.join('.') || 'query';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
  return new PortalError('bad_request', message);
}

/**
 * `GET {basePath}/search` and `GET {basePath}/search/suggest`: validated at the edge, run with the
 * reader's access inside the engine. Session required (401 otherwise).
 */
export async function searchRoutes(
  app: FastifyInstance,
  options: SearchRoutesOptions,
): Promise<void> {
  const { engine } = options;
  app.addHook('preHandler', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/search', async (request): Promise<SearchResponse> => {
    const parsed = SearchRequestSchema.safeParse(request.query);
    if (!parsed.success) throw badRequest(parsed.error);
    const user = request.user as SessionUser;
    const started = performance.now();
    const response = await engine.search(parsed.data, readerAccess(user));
    options.metrics?.observeSearchQuery(performance.now() - started, 'search');
    options.onSearch?.({ request: parsed.data, response, kind: user.kind });
    return response;
  });

  app.get('/search/suggest', async (request): Promise<SuggestResponse> => {
    const parsed = SuggestRequestSchema.safeParse(request.query);
    if (!parsed.success) throw badRequest(parsed.error);
    const started = performance.now();
    const response = await engine.suggest(parsed.data, readerAccess(request.user as SessionUser));
    options.metrics?.observeSearchQuery(performance.now() - started, 'suggest');
    return response;
  });
}

import type { FastifyInstance } from 'fastify';
import {
  SearchRequestSchema,
  SuggestRequestSchema,
  type SearchRequest,
  type SearchResponse,
  type SuggestResponse,
} from '@docs-portal/contracts';
import type { SearchEngine } from '@docs-portal/search';
import type { ZodError } from 'zod';
import { searchAccess } from '../access/searchAccess';
import type { DocSetConfig } from '../config/schema';
import { PortalError } from '../errors/PortalError';
import type { PortalMetrics } from '../ops/PortalMetrics';
import type { SessionUser } from '../sessions/SessionService';
import { requireUser } from '../sessions/sessionPlugin';

/** Options of the search API routes. */
export interface SearchRoutesOptions {
  engine: SearchEngine;
  /** The configured doc sets: a reader searches those `canRead` allows, whatever the index says. */
  docSets: readonly DocSetConfig[];
  /** Records query timings. */
  metrics?: PortalMetrics;
  /** Called after each search (analytics, metrics); never with anything identifying the reader beyond their kind. */
  onSearch?: (event: {
    request: SearchRequest;
    response: SearchResponse;
    kind: SessionUser['kind'];
  }) => void;
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
 * `GET {basePath}/search` and `GET {basePath}/search/suggest`: validated at the edge, run inside
 * the engine over the configured doc sets the reader `canRead`. Session required (401 otherwise).
 */
export async function searchRoutes(
  app: FastifyInstance,
  options: SearchRoutesOptions,
): Promise<void> {
  const { engine, docSets } = options;
  app.addHook('preHandler', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/search', async (request): Promise<SearchResponse> => {
    const parsed = SearchRequestSchema.safeParse(request.query);
    if (!parsed.success) throw badRequest(parsed.error);
    const user = request.user as SessionUser;
    const started = performance.now();
    const response = await engine.search(parsed.data, searchAccess(user, docSets));
    options.metrics?.observeSearchQuery(performance.now() - started, 'search');
    options.onSearch?.({ request: parsed.data, response, kind: user.kind });
    return response;
  });

  app.get('/search/suggest', async (request): Promise<SuggestResponse> => {
    const parsed = SuggestRequestSchema.safeParse(request.query);
    if (!parsed.success) throw badRequest(parsed.error);
    const started = performance.now();
    const access = searchAccess(request.user as SessionUser, docSets);
    const response = await engine.suggest(parsed.data, access);
    options.metrics?.observeSearchQuery(performance.now() - started, 'suggest');
    return response;
  });
}

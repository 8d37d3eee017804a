import type { FastifyInstance } from 'fastify';
import {
  SearchRequestSchema,
  SuggestRequestSchema,
  type SearchRequest,
  type SearchResponse,
  type SuggestResponse,
} from '@docs-portal/contracts';
import type { SearchEngine } from '@docs-portal/search';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchAccess } from '../access/searchAccess';
import type { DocSetConfig } from '../config/schema';
import type { PortalMetrics } from '../ops/PortalMetrics';
import type { SessionUser } from '../sessions/SessionService';
import { requireUser } from '../sessions/sessionPlugin';
import { answerJson } from './answerJson';

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

/**
 * `GET {basePath}/search` and `GET {basePath}/search/suggest`: validated at the edge, run inside
 * the engine over the configured doc sets the reader `canRead`. Session required (401 otherwise).
 */
export async function searchRoutes(
  app: FastifyInstance,
  options: SearchRoutesOptions,
): Promise<void> {
  const { engine, docSets } = options;
  app.setValidatorCompiler(validatorCompiler);
  // Fastify sends a Buffer from the serialiser as it is (its type names only strings).
  app.setReplySerializer(answerJson as unknown as (payload: unknown) => string);
  // Before validation: a signed-out caller learns nothing but 401, whatever it sends.
  app.addHook('preValidation', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const searchQuery = { schema: { querystring: SearchRequestSchema } };
  const suggestQuery = { schema: { querystring: SuggestRequestSchema } };

  routes.get('/search', searchQuery, async (request): Promise<SearchResponse> => {
    const user = request.user as SessionUser;
    const started = performance.now();
    const response = await engine.search(request.query, searchAccess(user, docSets));
    options.metrics?.observeSearchQuery(performance.now() - started, 'search');
    options.onSearch?.({ request: request.query, response, kind: user.kind });
    return response;
  });

  routes.get('/search/suggest', suggestQuery, async (request): Promise<SuggestResponse> => {
    const started = performance.now();
    const access = searchAccess(request.user as SessionUser, docSets);
    const response = await engine.suggest(request.query, access);
    options.metrics?.observeSearchQuery(performance.now() - started, 'suggest');
    return response;
  });
}

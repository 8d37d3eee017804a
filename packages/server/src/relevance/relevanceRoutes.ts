import {
  ReplayRequestSchema,
  RuleSetSchema,
  type ReplayReport,
  type RuleVersion,
} from '@docs-portal/contracts';
import { compileRules, type SearchEngine } from '@docs-portal/search';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canSeeAnalytics } from '../access/canSeeAnalytics';
import type { AnalyticsStore } from '../analytics/AnalyticsStore';
import type { DocSetConfig } from '../config/schema';
import { PortalError } from '../errors/PortalError';
import { requireUser } from '../sessions/sessionPlugin';
import type { LiveRules } from './LiveRules';
import { replayDraft } from './replayDraft';
import { RuleVersionConflictError, type RuleStore, type RuleVersionSummary } from './RuleStore';

/** Options of {@link relevanceRoutes}. */
export interface RelevanceRoutesOptions {
  /** Published rule versions. */
  store: RuleStore;
  /** The rules in force on this replica. */
  live: LiveRules;
  /** The engine without live rules (replay passes rules per search). */
  engine: SearchEngine;
  /** Logged queries for replay. */
  analytics: AnalyticsStore;
  /** The configured doc sets (each replayed query runs with its reader kind's access). */
  docSets: readonly DocSetConfig[];
}

/** Largest request body of a draft (1,000 rules of a few hundred bytes each fit). */
const RULES_BODY_LIMIT = 1024 * 1024;

/** Versions listed with the rules. */
const HISTORY_LENGTH = 50;

const PublishBodySchema = RuleSetSchema.extend({
  /** The version the draft was edited from: publishing fails (409) if another came since. */
  basedOn: z.number().int().min(0),
}).strict();
const RollbackBodySchema = z
  .object({ version: z.number().int().min(1), basedOn: z.number().int().min(0) })
  .strict();

/** What `GET /relevance/rules` answers. */
export interface RulesAnswer extends RuleVersion {
  history: RuleVersionSummary[];
}

/** Employees only; anyone else gets the one 404 answer (the workbench's existence stays private). */
async function employeesOnly(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  await requireUser(request, reply);
  if (canSeeAnalytics(request.user)) return undefined;
  reply.callNotFound();
  return reply;
}

/**
 * The relevance workbench API, under the base path, employees only (404 for anyone else, XSRF
 * checked by the portal on every write):
 * - `GET /relevance/rules`: the rules in force, their version and the version history;
 * - `POST /relevance/replay`: runs a draft against the newest logged queries (before/after);
 * - `POST /relevance/publish`: publishes a draft as a new version (409 when another came since);
 * - `POST /relevance/rollback`: publishes an older version's rules again as a new version.
 */
export async function relevanceRoutes(
  app: FastifyInstance,
  options: RelevanceRoutesOptions,
): Promise<void> {
  const { store, live } = options;
  app.setValidatorCompiler(validatorCompiler);
  // Before validation: a customer learns nothing but 404, whatever they send.
  app.addHook('preValidation', employeesOnly);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const answer = async (version: number): Promise<RulesAnswer> => {
    const current = (await store.get(version)) ?? (await store.get(0));
    return { ...(current as RuleVersion), history: await store.history(HISTORY_LENGTH) };
  };

  const publish = async (work: () => Promise<RuleVersion>): Promise<RulesAnswer> => {
    let published: RuleVersion;
    try {
      published = await work();
    } catch (error) {
      if (error instanceof RuleVersionConflictError) {
        throw new PortalError(
          'conflict',
          'Someone published another version meanwhile. Reload the rules and try again.',
        );
      }
      throw error;
    }
    await live.refresh();
    return answer(published.version);
  };

  routes.get('/relevance/rules', async () => answer(await store.latestVersion()));

  routes.post(
    '/relevance/replay',
    { schema: { body: ReplayRequestSchema }, bodyLimit: RULES_BODY_LIMIT },
    async (request): Promise<ReplayReport> =>
      replayDraft({
        engine: options.engine,
        analytics: options.analytics,
        docSets: options.docSets,
        live: live.compiled,
        draft: compileRules(request.body.rules),
        queries: request.body.queries,
      }),
  );

  routes.post(
    '/relevance/publish',
    { schema: { body: PublishBodySchema }, bodyLimit: RULES_BODY_LIMIT },
    async (request) =>
      publish(() =>
        store.publish(
          request.body.rules,
          (request.user?.displayName ?? '').slice(0, 200),
          request.body.basedOn,
        ),
      ),
  );

  routes.post('/relevance/rollback', { schema: { body: RollbackBodySchema } }, async (request) => {
    const old = await store.get(request.body.version);
    if (old === null) throw new PortalError('not_found', 'There is no such version.');
    return publish(() =>
      store.publish(
        old.rules,
        (request.user?.displayName ?? '').slice(0, 200),
        request.body.basedOn,
        old.version,
      ),
    );
  });
}

import type { FastifyInstance } from 'fastify';
import { PageVersionsRequestSchema, type PageVersionsResponse } from '@docs-portal/contracts';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PortalConfig } from '../config/schema';
import type { ServedReleases } from '../content/ServedReleases';
import { PortalError } from '../errors/PortalError';
import type { SessionUser } from '../sessions/SessionService';
import { requireUser } from '../sessions/sessionPlugin';
import { pageVersions } from './pageVersions';

/** Options of the page-versions route. */
export interface VersionRoutesOptions {
  config: Pick<PortalConfig, 'basePath' | 'docSets'>;
  library: Pick<ServedReleases, 'current'>;
}

/**
 * `GET {basePath}/page-versions?path=<doc page path>`: the versions of that page the reader may
 * read, each with the page to land on (see `pageVersions`), for the doc pages' version switcher
 * and outdated banner. Session required (401); a page the reader may not read, or that does not
 * exist, answers the portal's one 404, exactly like the page itself would.
 */
export async function versionRoutes(
  app: FastifyInstance,
  options: VersionRoutesOptions,
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('preValidation', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/page-versions',
    { schema: { querystring: PageVersionsRequestSchema } },
    async (request): Promise<PageVersionsResponse> => {
      const user = request.user as SessionUser;
      const found = await pageVersions(options.config, options.library, user, request.query.path);
      if (found === undefined)
        throw new PortalError('not_found', 'There is no page at this address.');
      return found;
    },
  );
}

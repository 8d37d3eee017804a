import type { FastifyInstance } from 'fastify';
import type { Environment, ResourceGroup, User } from '@docs-portal/contracts';
import type { PortalConfig } from '../config/schema';
import { canSeeAnalytics } from '../access/canSeeAnalytics';
import { requireUser } from '../sessions/sessionPlugin';

/**
 * The documentation API of SPEC.md section 7: the reader, the environment flags (with the link
 * panel) and the techdocs resource groups. Each needs a session (401 JSON otherwise).
 */
export async function apiRoutes(
  app: FastifyInstance,
  { config }: { config: PortalConfig },
): Promise<void> {
  app.addHook('preHandler', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/user', async (request): Promise<User> => {
    const user = request.user!;
    return {
      displayName: user.displayName,
      email: user.email,
      kind: user.kind,
      canSeeAnalytics: canSeeAnalytics(user),
    };
  });

  app.get('/environment', async (): Promise<Environment> => ({
    useMamba20SearchClient: config.environment.useMamba20SearchClient,
    isProd: config.environment.isProd,
    linkPanel: config.linkPanel,
  }));

  app.get('/techdocs/links', async (): Promise<ResourceGroup[]> => config.techdocs);
}

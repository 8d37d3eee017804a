import type { FastifyInstance } from 'fastify';
import type { Home } from '@docs-portal/contracts';
import { requireUser } from '../sessions/sessionPlugin';
import type { HomeContent } from './HomeContent';

/**
 * `GET {basePath}/home`: the home page's doc sets, most opened pages and recent releases for the
 * signed-in reader (401 JSON without a session). Registered inside the portal's session context.
 */
export async function homeRoutes(
  app: FastifyInstance,
  { content }: { content: HomeContent },
): Promise<void> {
  app.get('/home', { preHandler: requireUser }, async (request, reply): Promise<Home> => {
    reply.header('cache-control', 'no-store');
    return content.forReader(request.user!);
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { listBuiltFiles, WEB_APP_CSP } from './webAppRoutes';

/**
 * Serves the built embedded search clients at `{basePath}/search-client/...` (the newer client's
 * production and sandbox pages, the older client, and the doc-page highlighter). They hold no
 * reader data: the search API they call requires a session.
 */
export async function searchClientRoutes(
  app: FastifyInstance,
  { distDir }: { distDir: string },
): Promise<void> {
  const built = existsSync(distDir);
  if (!built) app.log.warn({ distDir }, 'the search clients are not built: run `npm run build`');
  const files = built ? listBuiltFiles(distDir, { keepIndex: true }) : new Set<string>();
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      dotfiles: 'deny',
      cacheControl: false,
    });
  }
  app.get('/search-client/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    if (!files.has(rest)) {
      return reply.status(404).send({ code: 'not_found', message: 'No such search client file.' });
    }
    const immutable = rest.startsWith('assets/');
    reply
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('x-content-type-options', 'nosniff');
    if (rest.endsWith('.html')) reply.header('content-security-policy', WEB_APP_CSP);
    return reply.sendFile(rest, distDir);
  });
}

/** Default folder of the built search clients. */
export function defaultSearchClientDist(repoRoot: string): string {
  return path.join(repoRoot, 'packages/search-client/dist');
}

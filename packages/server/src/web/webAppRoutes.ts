import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PortalBootstrap } from '@docs-portal/contracts';
import { canSeeAnalytics } from '../access/canSeeAnalytics';
import { safeReturnPath } from '../auth/returnPath';
import type { PortalConfig } from '../config/schema';

/** Content-Security-Policy of the web app's pages. */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** JSON safe to place inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/** index.html with the base href and the bootstrap settings the app reads before sign-in. */
export function renderIndexHtml(template: string, config: PortalConfig): string {
  const bootstrap: PortalBootstrap = {
    basePath: config.basePath,
    productName: config.brand.productName,
    companyName: config.brand.companyName,
    supportSiteHost: config.supportSiteHost,
  };
  const head = `<base href="${config.basePath}/ui/"><script type="application/json" id="portal-bootstrap">${scriptJson(bootstrap)}</script>`;
  return template.replace(/<head>/i, `<head>${head}`);
}

/**
 * Serves the built web app at `{basePath}/ui/`: its files as they are, and index.html (with the
 * bootstrap settings) for every other path under it, so client-side routes load the app.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  { config, distDir }: { config: PortalConfig; distDir: string },
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn({ distDir }, 'the web app is not built: run `npm run build`');
  const html = built ? renderIndexHtml(readFileSync(indexFile, 'utf8'), config) : '';

  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).',
        );
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', WEB_APP_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(html);
  };

  const files = built ? listBuiltFiles(distDir) : new Set<string>();
  app.get('/ui', async (_request, reply) => reply.redirect(`${config.basePath}/ui/`, 301));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('x-content-type-options', 'nosniff');
      },
    });
  }
  app.get('/ui/', sendIndex);
  // A signed-in reader has nothing to do on the sign-in page: on to where they were going.
  app.get('/ui/login', async (request, reply) => {
    if (!request.user) return sendIndex(request, reply);
    const { redirectPath } = request.query as { redirectPath?: unknown };
    return reply
      .header('cache-control', 'no-store')
      .redirect(safeReturnPath(redirectPath, config.basePath), 302);
  });
  app.get('/ui/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    if (files.has(rest)) return reply.sendFile(rest);
    // The relevance workbench is for employees only: anyone else gets the one 404 answer.
    if (/^relevance(\/|$)/.test(rest) && !canSeeAnalytics(request.user))
      return reply.callNotFound();
    // A missing asset answers 404 rather than the app, so broken builds are visible.
    if (rest.startsWith('assets/'))
      return reply.status(404).send({ code: 'not_found', message: 'No such asset.' });
    return sendIndex(request, reply);
  });
}

/** Every file of a built bundle by its path relative to `root` (index.html left out unless asked). */
export function listBuiltFiles(root: string, options: { keepIndex?: boolean } = {}): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path
      .relative(root, path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join('/');
    if (relative.split('/').some((segment) => segment.startsWith('.'))) continue;
    if (options.keepIndex || relative !== 'index.html') found.add(relative);
  }
  return found;
}

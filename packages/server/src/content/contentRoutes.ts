import type { UserKind } from '@docs-portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canRead } from '../access/canRead';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import { PortalError } from '../errors/PortalError';
import type { ServedReleases } from './ServedReleases';
import { parseDocPath, type DocPath } from './requestPath';
import { sendAccelRedirect, sendDocFile, VanishedFileError } from './sendDocFile';

/** Options of the doc-serving routes. */
export interface ContentRoutesOptions {
  /** The portal config: base path and doc sets (mounts, audiences, default pages). */
  config: PortalConfig;
  /** The published doc sets to serve, already started (the app owns and closes it). */
  library: ServedReleases;
  /**
   * Set when nginx sits in front and serves the doc files itself (cluster mode): the routes still
   * check the session and the audience, then answer with `X-Accel-Redirect: {prefix}/<id>/releases/<n>/<path>`
   * instead of the file, e.g. `/_docsets` for an nginx `location /_docsets/ { internal; alias
   * <dataDir>/docsets/; }`. Never set it without nginx in front: the answer would be empty.
   */
  accelRedirectPrefix?: string;
  /**
   * Told when a signed-in reader of the doc set asks for a path its current release does not
   * hold (analytics of missing landings); must not throw or wait.
   */
  onMissingPage?: (landing: { docSet: DocSetConfig; path: string; kind: UserKind }) => void;
}

/**
 * A request without a session: a browser navigation goes to the login page with the path and
 * query to come back to (the browser keeps the fragment across the redirect); any other request
 * gets 401 JSON, which the web app and search clients turn into the same login redirect.
 */
export function askToSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  basePath: string,
): FastifyReply {
  const headers = request.headers;
  const navigation =
    headers['sec-fetch-mode'] === 'navigate' ||
    (request.method === 'GET' && (headers.accept ?? '').includes('text/html'));
  if (!navigation) throw new PortalError('unauthenticated', 'Sign in to read this page.');
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${basePath}/ui/login?redirectPath=${encodeURIComponent(request.url)}`, 302);
}

/** The portal's one not-found answer (the same for a missing page and a doc set out of reach). */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/**
 * Serves the published doc sets under `{basePath}/{mount}/...` to signed-in readers that `canRead`
 * them. A doc set the reader may not read answers exactly like a missing page (the
 * portal's one not-found answer), so its existence does not leak. Paths are checked raw (see
 * `parseDocPath`) and then looked up in the current release's index: nothing outside the
 * release is ever opened.
 */
export async function contentRoutes(
  app: FastifyInstance,
  options: ContentRoutesOptions,
): Promise<void> {
  const { config, library: docSets } = options;
  const basePath = config.basePath;
  const accelRedirectPrefix = options.accelRedirectPrefix?.replace(/\/+$/, '');

  const serve = async (
    docSet: DocSetConfig,
    docPath: DocPath,
    rawPath: string,
    query: string,
    request: FastifyRequest,
    reply: FastifyReply,
    retry: boolean,
  ): Promise<FastifyReply> => {
    const index = docSets.current(docSet.id);
    if (!index) return notFound(reply);
    const { relative } = docPath;
    const defaultPage = docSet.defaultPage;
    let file;
    if (docPath.folder) {
      if (defaultPage && index.hasFolder(relative))
        file = index.file(relative ? `${relative}/${defaultPage}` : defaultPage);
    } else {
      file = index.file(relative);
      if (
        !file &&
        defaultPage &&
        index.hasFolder(relative) &&
        index.file(`${relative}/${defaultPage}`)
      ) {
        return reply.redirect(`${rawPath}/${query}`, 301);
      }
    }
    if (!file) {
      const kind = request.user?.kind;
      if (kind) options.onMissingPage?.({ docSet, path: relative, kind });
      return notFound(reply);
    }
    if (accelRedirectPrefix !== undefined) {
      return sendAccelRedirect(reply, accelRedirectPrefix, index, file);
    }
    try {
      return await sendDocFile(request, reply, file, docSets.cache);
    } catch (error) {
      if (!(error instanceof VanishedFileError)) throw error;
      // The release was pruned under this request: the pointer has moved on, so look again once.
      if (!retry) return notFound(reply);
      await docSets.refresh(docSet.id);
      return serve(docSet, docPath, rawPath, query, request, reply, false);
    }
  };

  for (const docSet of config.docSets) {
    const prefix = `${basePath}/${docSet.mount}`;
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const user = request.user;
      if (!user) return askToSignIn(request, reply, basePath);
      if (!canRead(user, docSet)) return notFound(reply);
      const url = request.url;
      const q = url.indexOf('?');
      const rawPath = q === -1 ? url : url.slice(0, q);
      const query = q === -1 ? '' : url.slice(q);
      if (rawPath === prefix) return reply.redirect(`${prefix}/${query}`, 301);
      if (!rawPath.startsWith(`${prefix}/`)) return notFound(reply);
      const docPath = parseDocPath(rawPath.slice(prefix.length + 1));
      if (!docPath) return notFound(reply);
      return serve(docSet, docPath, rawPath, query, request, reply, true);
    };
    app.route({ method: ['GET', 'HEAD'], url: `/${docSet.mount}`, handler });
    app.route({ method: ['GET', 'HEAD'], url: `/${docSet.mount}/*`, handler });
  }
}

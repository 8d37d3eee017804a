import { safePortalPath } from '@docs-portal/contracts/safety';
import type { SearchEngine } from '@docs-portal/search';
import type { UserKind } from '@docs-portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canRead } from '../access/canRead';
import { searchAccess } from '../access/searchAccess';
import type { DocSetConfig, PortalConfig } from '../config/schema';
import {
  type ErrorPageSite,
  type ErrorPageSuggestion,
  isPageNavigation,
  sendErrorPage,
} from '../errors/errorPage';
import { PortalError } from '../errors/PortalError';
import type { SessionUser } from '../sessions/SessionService';
import type { ReleaseIndex } from './ReleaseIndex';
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
  /** Finds pages to offer on the page of a removed doc page (searched with the reader's access). */
  searchEngine?: Pick<SearchEngine, 'search'>;
  /** The error page's site: a removed doc page gets the portal 404 page with its own notice. */
  errorPage?: ErrorPageSite;
  /** Called when a search for a removed page's suggestions fails (the page is shown without them). */
  onSuggestionError?: (error: unknown) => void;
  /**
   * Told when a signed-in reader of the doc set asks for a path its current release does not
   * hold (analytics of missing landings); must not throw or wait.
   */
  onMissingPage?: (landing: { docSet: DocSetConfig; path: string; kind: UserKind }) => void;
}

/** Pages offered on the page of a removed doc page, at most. */
export const REMOVED_PAGE_SUGGESTIONS = 5;

/** `relative` as a path under `prefix`, each segment percent-encoded. */
function docUrl(prefix: string, relative: string): string {
  return `${prefix}/${relative.split('/').map(encodeURIComponent).join('/')}`;
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
  const explicitRedirects = new Map(
    config.docSets.map((d) => [d.id, new Map(d.redirects.map((r) => [r.from, r.to]))]),
  );

  /** The best pages for a removed page's title that the reader may open (none when search fails). */
  const suggestionsFor = async (
    title: string,
    user: SessionUser,
  ): Promise<ErrorPageSuggestion[]> => {
    if (!options.searchEngine || !title) return [];
    try {
      const response = await options.searchEngine.search(
        {
          q: title,
          product: [],
          version: [],
          docType: [],
          page: 1,
          pageSize: REMOVED_PAGE_SUGGESTIONS,
          explain: false,
        },
        searchAccess(user, config.docSets),
      );
      const titles = new Map(config.docSets.map((d) => [d.id, d.title]));
      return response.hits.flatMap((hit) => {
        const url = safePortalPath(hit.url, basePath);
        return url === null
          ? []
          : [{ title: hit.title, url, context: titles.get(hit.docSet) ?? hit.docSet }];
      });
    } catch (error) {
      options.onSuggestionError?.(error);
      return [];
    }
  };

  /**
   * Decides what a path the served release does not hold answers; the one place where a doc
   * path's 404 is decided. In order: an explicit redirect of the config (301, it wins), a page
   * that moved at a publish (301 to where it is now, chains collapsed), a page removed at a
   * publish (404: browsers get the portal 404 page saying when, with search hits for its title;
   * API calls get JSON), else the portal's one not-found answer.
   */
  const answerMissingDocPath = async (
    docSet: DocSetConfig,
    index: ReleaseIndex | null,
    relative: string,
    query: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const prefix = `${basePath}/${docSet.mount}`;
    const explicit = explicitRedirects.get(docSet.id)?.get(relative);
    const moved = explicit ?? (index ? index.redirects.moved[relative] : undefined);
    if (moved !== undefined && relative !== '') {
      const hash = moved.indexOf('#');
      const target = hash < 0 ? moved : moved.slice(0, hash);
      const fragment = hash < 0 ? '' : `#${moved.slice(hash + 1)}`;
      const location = safePortalPath(`${docUrl(prefix, target)}${query}${fragment}`, basePath);
      if (location !== null) {
        return reply.header('cache-control', 'no-cache').redirect(location, 301);
      }
    }
    const kind = request.user?.kind;
    if (kind) options.onMissingPage?.({ docSet, path: relative, kind });
    const removed = index && relative !== '' ? index.redirects.removed[relative] : undefined;
    if (removed) {
      const notice = `This page was removed in release ${removed.release}.`;
      if (options.errorPage && isPageNavigation(request)) {
        const suggestions = await suggestionsFor(removed.title, request.user as SessionUser);
        sendErrorPage(request, reply, 404, options.errorPage, {
          notice,
          suggestions,
          ...(removed.title && { searchWords: removed.title }),
        });
        return reply;
      }
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ code: 'not_found', message: notice, removedInRelease: removed.release });
    }
    return notFound(reply);
  };

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
    const { relative } = docPath;
    if (!index) return answerMissingDocPath(docSet, index, relative, query, request, reply);
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
    if (!file) return answerMissingDocPath(docSet, index, relative, query, request, reply);
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
